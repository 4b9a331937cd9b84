import type { Context } from '../core/context';
import type { FwPluginConfig } from '../core/types';
import { resolveUploadOptions } from './options';
import { parseUploads, type ParsedUploads } from './parse';
import type { FormFields, UploadedFile, UploadOptions } from './types';

declare module '../core/context' {
  interface Context<Env, State> {
    /** The first uploaded file of a form field, or null (with `upload()` mounted; parses and stores on first call). */
    file(name: string): Promise<UploadedFile | null>;
    /** Every uploaded file of the request (with `upload()` mounted). */
    files(): Promise<UploadedFile[]>;
    /**
     * The plain (non-file) fields of the multipart form (with `upload()` mounted): a string per name, or the values
     * in order when the name was sent more than once (checkboxes, multi-selects), as @fastify/multipart groups them.
     */
    fields(): Promise<FormFields>;
  }
}

/**
 * File uploads: adds `ctx.file(name)`, `ctx.files()` and `ctx.fields()`. The multipart body is parsed on the first
 * call, once per request: sizes enforced while streaming (413), types checked on content (415), names sanitised,
 * files stored (`local`, `r2`, `s3` or your own storage), then `onUpload(file, ctx)` per file.
 */
export function upload(options: UploadOptions): FwPluginConfig {
  const resolved = resolveUploadOptions(options);
  const parsed = new WeakMap<Context, Promise<ParsedUploads>>();
  const uploads = (ctx: Context): Promise<ParsedUploads> => {
    let result = parsed.get(ctx);
    if (result === undefined) parsed.set(ctx, (result = parseUploads(ctx, resolved)));
    return result;
  };
  return {
    name: 'upload',
    decorate: {
      async file(this: Context, name: string): Promise<UploadedFile | null> {
        return (await uploads(this)).files.find((f) => f.field === name) ?? null;
      },
      async files(this: Context): Promise<UploadedFile[]> {
        return [...(await uploads(this)).files];
      },
      async fields(this: Context): Promise<FormFields> {
        // fromEntries defines own properties, so a field named __proto__ stays a field.
        const fields = Object.entries((await uploads(this)).fields);
        return Object.fromEntries(fields.map(([name, value]) => [name, Array.isArray(value) ? [...value] : value]));
      },
    },
  };
}
