/**
 * ctx.fields(): a repeated form field (checkboxes, multi-selects) keeps every value, as an array in order, as
 * @fastify/multipart groups them (test/multipart.test.js "should group parts with the same name to an array");
 * a field sent once stays a string. Checked in process and over a real socket (fw/node serve).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Fw } from 'fw';
import { serve } from 'fw/node';
import { upload, type UploadedFile } from '../../src/upload';
import { form, png } from './samples';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fw-upload-fields-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function app(): Promise<Fw> {
  const fw = new Fw();
  await fw.plugin(upload({ storage: 'local', dir }));
  fw.post('/form', async (ctx) => ({ fields: await ctx.fields(), files: (await ctx.files()).map((f: UploadedFile) => f.field) }));
  fw.post('/mutate', async (ctx) => {
    const first = await ctx.fields();
    (first.tag as string[]).push('added');
    first.title = 'changed';
    return ctx.fields();
  });
  return fw;
}

describe('ctx.fields()', () => {
  it('groups repeated names into arrays in order and keeps single fields as strings', async () => {
    const data = form([
      ['title', 'Holiday'],
      ['tag', 'sea'],
      ['tag', 'sun'],
      ['tag', 'sand'],
      ['upload', png, 'a.png'],
      ['upload', png, 'b.png'],
      ['agree', 'on'],
    ]);
    const res = await (await app()).request('/form', { method: 'POST', body: data });
    expect(await res.json()).toEqual({
      fields: { title: 'Holiday', tag: ['sea', 'sun', 'sand'], agree: 'on' },
      files: ['upload', 'upload'],
    });
  });

  it('keeps empty values as values', async () => {
    const res = await (await app()).request('/form', {
      method: 'POST',
      body: form([
        ['tag', ''],
        ['tag', 'x'],
        ['note', ''],
      ]),
    });
    expect((await res.json()).fields).toEqual({ tag: ['', 'x'], note: '' });
  });

  it('hands out a copy each call, arrays included', async () => {
    const res = await (await app()).request('/mutate', {
      method: 'POST',
      body: form([
        ['title', 'a'],
        ['tag', '1'],
        ['tag', '2'],
      ]),
    });
    expect(await res.json()).toEqual({ title: 'a', tag: ['1', '2'] });
  });

  it('keeps __proto__ and constructor as plain fields, touching no prototype', async () => {
    // @fastify/multipart answers 400 to such names; fw keeps them as data (own properties of a fresh object).
    const fw = new Fw();
    await fw.plugin(upload({ storage: 'local', dir }));
    fw.post('/proto', async (ctx) => {
      const fields = await ctx.fields();
      return {
        own: Object.keys(fields),
        value: Object.getOwnPropertyDescriptor(fields, '__proto__')?.value,
        proto: Object.getPrototypeOf(fields) === Object.prototype,
      };
    });
    const data = form([
      ['__proto__', 'a'],
      ['__proto__', 'b'],
      ['constructor', 'c'],
    ]);
    expect(await (await fw.request('/proto', { method: 'POST', body: data })).json()).toEqual({
      own: ['__proto__', 'constructor'],
      value: ['a', 'b'],
      proto: true,
    });
  });

  it('over a real socket: a form with three checked boxes keeps all three', async () => {
    const server = await serve(await app(), { port: 0, hostname: '127.0.0.1' });
    try {
      const res = await fetch(`${server.url}/form`, {
        method: 'POST',
        body: form([
          ['color', 'red'],
          ['color', 'green'],
          ['color', 'blue'],
        ]),
      });
      expect((await res.json()).fields).toEqual({ color: ['red', 'green', 'blue'] });
    } finally {
      await server.stop();
    }
  });
});
