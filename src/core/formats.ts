import { parseAccept, rangeCovers } from './accept';

/** A wire format for request and response bodies (JSON is built in; YAML and custom ones are registered on an app). */
export interface DataFormat {
  name: string;
  contentTypes: string[];
  extensions: string[];
  contentType: string;
  parse(text: string): unknown;
  serialize(value: unknown): string;
}

/** JSON, the native format: every app has it, and it is the default unless an app says otherwise. */
export const jsonFormat: DataFormat = {
  name: 'json',
  contentTypes: ['application/json', 'text/json'],
  extensions: ['.json'],
  contentType: 'application/json; charset=utf-8',
  parse: (text) => JSON.parse(text),
  serialize: (value) => JSON.stringify(value) ?? 'null',
};

/** Picks a response format among `list` for an Accept header, `fallback` when nothing better is asked for. */
type Negotiation = (accept: string | null, fallback: DataFormat, list: DataFormat[]) => DataFormat;

/** The formats registered on an app (JSON first) and how its responses pick one from Accept. */
export interface FormatTable {
  list: DataFormat[];
  negotiate: Negotiation;
}

/**
 * An app as the format functions see it: `formats` is unset while JSON is its only format, so a JSON-only bundle
 * carries no Accept parser (the table, and its negotiation, come with the first `registerFormat`).
 */
export interface FormatOwner {
  formats?: FormatTable;
  getFormat(): DataFormat;
}

const onlyJson = [jsonFormat];

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

function assertFormat(format: DataFormat): void {
  const f = format as Partial<DataFormat> | null;
  const valid =
    f !== null &&
    typeof f === 'object' &&
    typeof f.name === 'string' &&
    f.name !== '' &&
    isStringList(f.contentTypes) &&
    f.contentTypes.length > 0 &&
    isStringList(f.extensions) &&
    typeof f.contentType === 'string' &&
    typeof f.parse === 'function' &&
    typeof f.serialize === 'function';
  if (!valid) throw new TypeError('registerFormat needs { name, contentTypes (non-empty), extensions, contentType, parse, serialize }');
}

/**
 * Adds (or replaces, by name) a data format on one app, so its requests can ask for it by Accept or Content-Type;
 * other apps of the process never see it. `fw`'s `Fw` has it as `app.registerFormat(format)` and `formats` in its config.
 */
export function registerFormat(app: FormatOwner, format: DataFormat): void {
  if (typeof (app as Partial<FormatOwner> | null)?.getFormat !== 'function')
    throw new TypeError(
      'registerFormat(app, format): a data format is registered on an app; pass the app first, or call app.registerFormat(format)',
    );
  assertFormat(format);
  const name = format.name.toLowerCase();
  const list = formatsOf(app).filter((f) => f.name.toLowerCase() !== name);
  list.push(format);
  app.formats = { list, negotiate: pick };
}

/** Finds one of the app's formats by name (`yaml`), media type (`application/yaml; charset=utf-8`) or extension (`.yml`). */
export function getFormat(app: FormatOwner, nameOrContentType: string): DataFormat | undefined {
  if (typeof nameOrContentType !== 'string') return undefined;
  const key = nameOrContentType.toLowerCase().trim();
  const semi = key.indexOf(';');
  const type = semi === -1 ? key : key.slice(0, semi).trim();
  const list = formatsOf(app);
  return (
    list.find((f) => f.name.toLowerCase() === key) ??
    byType(list, type) ??
    (type.endsWith('+json') ? jsonFormat : list.find((f) => f.extensions.includes(key)))
  );
}

/** The app's formats, JSON first (a copy: register formats with `registerFormat`). */
export function listFormats(app: FormatOwner): DataFormat[] {
  return [...formatsOf(app)];
}

/** The app's own list of formats, not to be changed. */
function formatsOf(app: FormatOwner): readonly DataFormat[] {
  return app.formats?.list ?? onlyJson;
}

/** The format of a response to a request with this Accept header: the app's default, unless formats registered on it let Accept choose. */
export function negotiateFormat(app: FormatOwner, accept: string | null): DataFormat {
  const table = app.formats;
  return table === undefined ? app.getFormat() : table.negotiate(accept, app.getFormat(), table.list);
}

function byType(list: readonly DataFormat[], type: string): DataFormat | undefined {
  return list.find((f) => f.contentTypes.some((t) => t.toLowerCase() === type));
}

/**
 * Picks the response format for an Accept header: the best-ranked range (quality values honoured) that one of
 * `list` serves; `*\/*` and a missing header mean the default, and so does a header that names nothing in `list`
 * (fw answers in its default format rather than with a 406).
 */
function pick(accept: string | null, fallback: DataFormat, list: DataFormat[]): DataFormat {
  if (accept === null) return fallback;
  for (const { type } of parseAccept(accept)) {
    if (type === '*/*') return fallback;
    if (type.endsWith('/*')) {
      if (fallback.contentTypes.some((t) => rangeCovers(type, t))) return fallback;
      for (const format of list) if (format.contentTypes.some((t) => rangeCovers(type, t))) return format;
      continue;
    }
    const format = byType(list, type) ?? (type.endsWith('+json') ? jsonFormat : undefined);
    if (format !== undefined) return format;
  }
  return fallback;
}
