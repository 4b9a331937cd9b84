import { HttpError } from '../core/errors';
import type { Context } from '../core/context';
import type { MultipartPart } from '@remix-run/multipart-parser';
import { detectType, typeAllowed } from './detect';
import { activeUploadTypes, type ResolvedUploadOptions } from './options';
import { sanitizeFilename } from './sanitize';
import { withTypeExtension } from './stored-extension';
import type { FormFields, UploadCandidate, UploadedFile } from './types';

/** A request's uploads: stored files and the plain form fields that came with them. */
export interface ParsedUploads {
  files: UploadedFile[];
  fields: FormFields;
}

/** Adds a field's value: the first stays a string, a repeated name (checkboxes, multi-selects) becomes an array in order. */
function addField(fields: FormFields, name: string, value: string): void {
  const current = fields[name];
  if (current === undefined) fields[name] = value;
  else if (Array.isArray(current)) current.push(value);
  else fields[name] = [current, value];
}

const formOverhead = 1024 * 1024;

type MultipartParser = typeof import('@remix-run/multipart-parser');

function refusal(error: unknown, options: ResolvedUploadOptions, multipart: MultipartParser): HttpError {
  if (error instanceof multipart.MaxFileSizeExceededError)
    return new HttpError(413, `A file is larger than ${options.maxSize} bytes`, { code: 'FILE_TOO_LARGE' });
  if (error instanceof multipart.MaxTotalSizeExceededError || error instanceof multipart.MaxPartsExceededError)
    return new HttpError(413, 'The upload is too large or has too many parts', { code: 'PAYLOAD_TOO_LARGE' });
  return new HttpError(400, `Malformed multipart body: ${(error as Error).message}`, { code: 'INVALID_MULTIPART', cause: error });
}

/**
 * Reads the multipart body as it streams (413 as soon as a file passes `maxSize`), keeping files and fields; the
 * multipart parser is loaded by the first upload.
 */
async function readParts(
  ctx: Context,
  options: ResolvedUploadOptions,
): Promise<{ files: { part: MultipartPart; bytes: Uint8Array<ArrayBuffer> }[]; fields: FormFields }> {
  const request = ctx.request;
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type))
    throw new HttpError(415, 'Uploads must be sent as multipart/form-data', { code: 'UNSUPPORTED_MEDIA_TYPE' });
  const maxTotalSize = options.maxSize * options.maxFiles + formOverhead;
  if (Number(request.headers.get('content-length') ?? 0) > maxTotalSize)
    throw new HttpError(413, 'The upload is too large', { code: 'PAYLOAD_TOO_LARGE' });
  if (request.bodyUsed) throw new Error('upload: the request body was already read before ctx.file()/ctx.files()');
  const files: { part: MultipartPart; bytes: Uint8Array<ArrayBuffer> }[] = [];
  const fields: FormFields = Object.create(null);
  const multipart = await import('@remix-run/multipart-parser');
  try {
    for await (const part of multipart.parseMultipartRequest(request, {
      maxFileSize: options.maxSize,
      maxTotalSize,
      maxParts: options.maxFiles + 100,
      maxHeaderSize: 8 * 1024,
    })) {
      if (part.name === undefined) continue;
      if (part.filename === undefined) addField(fields, part.name, part.text);
      else if (part.filename !== '' || part.size > 0) {
        if (files.length === options.maxFiles) throw new HttpError(413, `More than ${options.maxFiles} files`, { code: 'TOO_MANY_FILES' });
        files.push({ part, bytes: part.bytes as Uint8Array<ArrayBuffer> });
      }
    }
  } catch (error) {
    await request.body?.cancel().catch(() => undefined);
    if (error instanceof HttpError) throw error;
    if (error instanceof multipart.MultipartParseError) throw refusal(error, options, multipart);
    throw error;
  }
  return { files, fields };
}

/**
 * Parses, checks and stores a request's uploads: every file is checked (content type from magic bytes and markup;
 * active content unless `allowActiveContent` names it, then `allowedMimeTypes`: 415) before any is stored, so a refused request stores nothing; then each is stored under a
 * name whose extension matches the detected type (the same key on every storage) and `onUpload` is called.
 */
export async function parseUploads(ctx: Context, options: ResolvedUploadOptions): Promise<ParsedUploads> {
  const { files, fields } = await readParts(ctx, options);
  const candidates: (UploadCandidate & { bytes: Uint8Array<ArrayBuffer> })[] = [];
  for (const { part, bytes } of files) {
    const type = detectType(bytes);
    if (activeUploadTypes.includes(type) && !options.activeAllowed.has(type)) {
      throw new HttpError(
        415,
        `File "${sanitizeFilename(part.filename ?? '')}" is ${type}, active content that would run scripts in this site when opened; it is not accepted`,
        { code: 'ACTIVE_CONTENT', details: { field: part.name, detected: type, declared: part.mediaType ?? null } },
      );
    }
    if (options.allowedMimeTypes !== null && !typeAllowed(type, options.allowedMimeTypes)) {
      throw new HttpError(415, `File "${sanitizeFilename(part.filename ?? '')}" is ${type}, which is not accepted`, {
        code: 'UNSUPPORTED_FILE_TYPE',
        details: { field: part.name, detected: type, declared: part.mediaType ?? null },
      });
    }
    candidates.push({
      field: part.name!,
      name: sanitizeFilename(part.filename ?? ''),
      size: bytes.byteLength,
      type,
      declaredType: part.mediaType ?? 'application/octet-stream',
      storage: options.storage.kind,
      bytes,
    });
  }
  const stored: UploadedFile[] = [];
  for (const { bytes, ...candidate } of candidates) {
    const chosen = sanitizeFilename(options.filename ? options.filename(candidate) : `${crypto.randomUUID()}-${candidate.name}`);
    const key = sanitizeFilename(withTypeExtension(chosen, candidate.type));
    const metadata = activeUploadTypes.includes(candidate.type) ? { contentDisposition: 'attachment' } : undefined;
    const location = await options.storage.put(key, bytes, candidate.type, ctx, metadata);
    const file: UploadedFile = { ...candidate, key, location };
    stored.push(file);
    await options.onUpload?.(file, ctx);
  }
  return { files: stored, fields };
}
