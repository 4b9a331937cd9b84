import { describe, expect, it } from 'vitest';
import { contentTypeFor } from '../../src/static';
import { signatures } from '../../src/upload/signatures';
import { isActiveType } from '../../src/static/active-content';
import { activeUploadTypes } from '../../src/upload/options';
import { extensionsFor, withTypeExtension } from '../../src/upload/stored-extension';

/** Types a browser renders or runs when a file is served with them. */
const active = /html|xml|javascript|ecmascript|css|x-shockwave-flash/;

describe('stored extensions', () => {
  const detectable = [...new Set(signatures.map((s) => s.type)), ...activeUploadTypes, 'text/plain', 'application/octet-stream'];

  it('every type detectType can answer has its own extensions', () => {
    expect(detectable.filter((t) => t !== 'application/octet-stream' && extensionsFor(t).join() === 'bin')).toEqual([]);
    expect(detectable.length).toBeGreaterThan(30);
  });

  it('no extension kept for a passive type is served as an active type by staticFiles', () => {
    for (const type of detectable.filter((t) => !activeUploadTypes.includes(t))) {
      for (const ext of extensionsFor(type)) expect(contentTypeFor(`x.${ext}`), `${type} .${ext}`).not.toMatch(active);
    }
  });

  it('every extension kept for an active type is served as active, so staticFiles({ untrusted: true }) sandboxes it', () => {
    for (const type of activeUploadTypes) {
      expect(isActiveType(type)).toBe(true);
      for (const ext of extensionsFor(type)) expect(isActiveType(contentTypeFor(`x.${ext}`)), `${type} .${ext}`).toBe(true);
    }
  });

  it('keeps a fitting extension as written, replaces any other, adds one when missing', () => {
    expect(withTypeExtension('photo.JPG', 'image/jpeg')).toBe('photo.JPG');
    expect(withTypeExtension('poly.html', 'image/png')).toBe('poly.png');
    expect(withTypeExtension('poly.png.html', 'image/png')).toBe('poly.png.png');
    expect(withTypeExtension('notes', 'text/plain')).toBe('notes.txt');
    expect(withTypeExtension('report.docx', 'application/zip')).toBe('report.docx');
    expect(withTypeExtension('run.sh', 'application/octet-stream')).toBe('run.bin');
    expect(withTypeExtension('odd', 'application/x-unknown')).toBe('odd.bin');
  });
});
