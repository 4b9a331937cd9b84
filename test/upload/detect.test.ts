import { describe, expect, it } from 'vitest';
import { detectType } from '../../src/upload';
import { elf, gif, pdf, png } from './samples';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)));

describe('detectType: content decides, not names', () => {
  it.each([
    ['image/png', png],
    ['image/gif', gif],
    ['application/pdf', pdf],
    ['application/x-elf', elf],
    ['image/jpeg', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF')],
    ['image/webp', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ')],
    ['audio/wav', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt ')],
    ['video/mp4', bytes([0, 0, 0, 0x18], 'ftypisom', [0, 0, 2, 0])],
    ['image/avif', bytes([0, 0, 0, 0x1c], 'ftypavif')],
    ['application/zip', bytes([0x50, 0x4b, 0x03, 0x04, 20, 0])],
    ['application/x-msdownload', bytes('MZ', [0x90, 0])],
    ['font/woff2', bytes('wOF2', [0, 1, 0, 0])],
    ['image/svg+xml', bytes('<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['text/plain', bytes('name,age\nada,36\n')],
    ['text/plain', bytes('Grüße, 世界')],
    ['application/octet-stream', bytes([0x00, 0x01, 0x02, 0x03])],
    ['application/octet-stream', bytes([0xc3, 0x28, 0x41])],
    ['text/plain', new Uint8Array(0)],
  ])('%s', (type, data) => {
    expect(detectType(data)).toBe(type);
  });

  it('a RIFF container that is neither WebP, WAV nor AVI is not an image', () => {
    expect(detectType(bytes('RIFF', [0, 0, 0, 0], 'XXXX'))).toBe('application/octet-stream');
  });
});
