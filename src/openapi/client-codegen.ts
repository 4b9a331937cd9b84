import { propertyKey, schemaToType } from './schema-to-ts';
import type { OpenAPI31Document, OpenAPI31Operation, OpenAPI31Parameter } from './types';

const methods = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;
const successOrder = ['200', '201', '202', '203', '204', '2XX', 'default'];

/** The runtime part of every generated client: request building, response parsing, errors. */
const runtime = `/** A non-2xx answer: the status and the parsed body (fw answers { error, code, details }). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    const message = typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string' ? (body as { error: string }).error : 'HTTP ' + status;
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** Options of createClient. */
export interface ClientOptions {
  /** The fetch to use (default: the global fetch). */
  fetch?: (request: Request) => Promise<Response>;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
}

type CallInput = {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  headers?: Record<string, unknown>;
  body?: unknown;
};

async function parse(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function buildUrl(baseUrl: string, path: string, input: CallInput): string {
  const filled = path.replace(/\\{([^}]+)\\}/g, (_, name: string) => encodeURIComponent(String(input.params?.[name] ?? '')));
  const url = new URL(baseUrl.replace(/\\/+$/, '') + filled);
  for (const [key, value] of Object.entries(input.query ?? {})) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(item));
  }
  return url.href;
}

async function call(baseUrl: string, options: ClientOptions, method: string, path: string, input: CallInput = {}): Promise<unknown> {
  const headers = new Headers(options.headers);
  for (const [key, value] of Object.entries(input.headers ?? {})) if (value !== undefined) headers.set(key, String(value));
  headers.set('accept', 'application/json');
  let body: string | undefined;
  if (input.body !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(input.body);
  }
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const response = await send(new Request(buildUrl(baseUrl, path, input), { method, headers, body }));
  const parsed = await parse(response);
  if (!response.ok) throw new ApiError(response.status, parsed);
  return parsed;
}
`;

function typeName(id: string): string {
  return id[0].toUpperCase() + id.slice(1);
}

function docComment(op: OpenAPI31Operation, method: string, path: string, indent: string): string {
  const lines = [op.summary ?? `${method.toUpperCase()} ${path}`, ...(op.description ? ['', ...op.description.split('\n')] : [])];
  if (op.deprecated) lines.push('@deprecated');
  const safe = lines.map((l) => l.replace(/\*\//g, '*\\/'));
  return `${indent}/**\n${safe.map((l) => `${indent} * ${l}`.trimEnd()).join('\n')}\n${indent} */`;
}

function group(params: OpenAPI31Parameter[], where: string, indent: string): { text: string; required: boolean } | null {
  const list = params.filter((p) => p.in === where);
  if (list.length === 0) return null;
  const inner = `${indent}  `;
  const fields = list.map((p) => `${inner}${propertyKey(p.name)}${p.required ? '' : '?'}: ${schemaToType(p.schema, 1, inner)};`);
  return { text: `{\n${fields.join('\n')}\n${indent}}`, required: list.some((p) => p.required) };
}

function successSchema(op: OpenAPI31Operation): string {
  for (const code of successOrder) {
    const response = op.responses[code];
    if (!response) continue;
    const media = response.content?.['application/json'] ?? Object.values(response.content ?? {})[0];
    if (media) return schemaToType(media.schema);
    return code === '204' ? 'undefined' : 'unknown';
  }
  return 'unknown';
}

function safeIdentifier(id: string, used: Set<string>): string {
  let base = id.replace(/[^\w$]+/g, '_');
  if (!/^[A-Za-z_$]/.test(base)) base = `_${base}`;
  let name = base;
  for (let n = 2; used.has(name); n++) name = `${base}${n}`;
  used.add(name);
  return name;
}

/**
 * TypeScript source of a typed fetch client for a document: `createClient(baseUrl, options?)` returns one method per
 * operation (named by operationId) taking `{ params, query, headers, body }` as needed and resolving to the typed
 * success body; a non-2xx answer throws `ApiError` with the status and body. Strict-mode clean, no dependencies.
 */
export function generateTypeScriptClient(doc: OpenAPI31Document): string {
  const types: string[] = [];
  const members: string[] = [];
  const used = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of methods) {
      const op = item[method];
      if (!op) continue;
      const name = safeIdentifier(op.operationId, used);
      const inputName = `${typeName(name)}Input`;
      const resultName = `${typeName(name)}Result`;
      const parts: string[] = [];
      let required = false;
      for (const [key, where] of [
        ['params', 'path'],
        ['query', 'query'],
        ['headers', 'header'],
      ] as const) {
        const g = group(op.parameters ?? [], where, '  ');
        if (!g) continue;
        parts.push(`  ${key}${g.required ? '' : '?'}: ${g.text};`);
        required ||= g.required;
      }
      if (op.requestBody) {
        const media = op.requestBody.content['application/json'] ?? Object.values(op.requestBody.content)[0];
        const bodyRequired = op.requestBody.required === true;
        parts.push(`  body${bodyRequired ? '' : '?'}: ${schemaToType(media?.schema, 1, '  ')};`);
        required ||= bodyRequired;
      }
      types.push(
        `/** Input of ${name}. */\nexport type ${inputName} = ${parts.length === 0 ? 'Record<string, never>' : `{\n${parts.join('\n')}\n}`};`,
      );
      types.push(`/** Success body of ${name}. */\nexport type ${resultName} = ${successSchema(op)};`);
      const arg = required ? `input: ${inputName}` : `input: ${inputName} = {}`;
      members.push(
        `${docComment(op, method, path, '    ')}\n    ${name}: async (${arg}): Promise<${resultName}> =>\n      (await call(baseUrl, options, ${JSON.stringify(method.toUpperCase())}, ${JSON.stringify(path)}, input)) as ${resultName},`,
      );
    }
  }
  const header =
    `/* Generated by fw generateTypeScriptClient from ${JSON.stringify(doc.info.title)} ${JSON.stringify(doc.info.version)}. Do not edit. */`.replace(
      /\*\/(?=.)/g,
      '*\\/',
    );
  const factory = `/** A client for ${doc.info.title.replace(/\*\//g, '*\\/')}: one method per operation. */
export function createClient(baseUrl: string, options: ClientOptions = {}) {
  return {
${members.join('\n')}
  };
}

/** The client type. */
export type Client = ReturnType<typeof createClient>;
`;
  return [header, runtime, ...types, factory].join('\n');
}
