import type { CallToolResult, ContentBlock, PromptMessage, PromptReturn, ResourceContents, ResourceReturn } from './types';

/** Whether a value is one MCP content block. */
export function isContentBlock(value: unknown): value is ContentBlock {
  if (value === null || typeof value !== 'object') return false;
  const b = value as Record<string, unknown>;
  switch (b.type) {
    case 'text':
      return typeof b.text === 'string';
    case 'image':
    case 'audio':
      return typeof b.data === 'string' && typeof b.mimeType === 'string';
    case 'resource':
      return typeof b.resource === 'object' && b.resource !== null && typeof (b.resource as { uri?: unknown }).uri === 'string';
    case 'resource_link':
      return typeof b.uri === 'string' && typeof b.name === 'string';
    default:
      return false;
  }
}

/** Whether a value is an async iterable (a streaming tool handler's return). */
export function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return value !== null && typeof value === 'object' && typeof (value as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function';
}

/** Turns a yielded value of a streaming handler into a content block (strings become text blocks). */
export function toBlock(value: unknown): ContentBlock {
  if (typeof value === 'string') return { type: 'text', text: value };
  if (isContentBlock(value)) return value;
  throw new TypeError(`A streaming tool yielded something that is not a content block: ${describe(value)}`);
}

function describe(value: unknown): string {
  try {
    return JSON.stringify(value)?.slice(0, 120) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Turns whatever a tool handler returned into a `tools/call` result. */
export function toToolResult(value: unknown): CallToolResult {
  if (value === undefined || value === null) return { content: [] };
  if (typeof value === 'string') return { content: [{ type: 'text', text: value }] };
  if (Array.isArray(value)) {
    if (value.every(isContentBlock)) return { content: value };
    return { content: [{ type: 'text', text: JSON.stringify(value) }] };
  }
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.content) && v.content.every(isContentBlock)) return v as unknown as CallToolResult;
    if (isContentBlock(v)) return { content: [v] };
    return { content: [{ type: 'text', text: JSON.stringify(v) }], structuredContent: v };
  }
  return { content: [{ type: 'text', text: String(value) }] };
}

/** Encodes bytes as base64 (Web APIs only, chunked so large inputs do not overflow the call stack). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Turns whatever a resource handler returned into `resources/read` contents. */
export function toResourceContents(uri: string, mimeType: string | undefined, value: ResourceReturn): ResourceContents[] {
  const base = mimeType === undefined ? { uri } : { uri, mimeType };
  if (typeof value === 'string') return [{ ...base, text: value }];
  if (value instanceof Uint8Array) return [{ ...base, blob: toBase64(value) }];
  if (value instanceof ArrayBuffer) return [{ ...base, blob: toBase64(new Uint8Array(value)) }];
  if (Array.isArray(value)) return value;
  if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (typeof v.text === 'string' || typeof v.blob === 'string')
      return [{ ...base, ...v, uri: typeof v.uri === 'string' ? v.uri : uri } as ResourceContents];
  }
  throw new TypeError(`The resource handler for ${uri} returned neither text, bytes nor contents`);
}

/** Turns whatever a prompt handler returned into a `prompts/get` result. */
export function toPromptResult(description: string | undefined, value: PromptReturn): { description?: string; messages: PromptMessage[] } {
  const withDescription = (messages: PromptMessage[]) => (description === undefined ? { messages } : { description, messages });
  if (typeof value === 'string') return withDescription([{ role: 'user', content: { type: 'text', text: value } }]);
  if (Array.isArray(value)) return withDescription(value);
  if (value && typeof value === 'object' && Array.isArray(value.messages)) {
    return value.description === undefined && description !== undefined ? { description, messages: value.messages } : value;
  }
  throw new TypeError('A prompt handler must return a string, a list of messages, or { messages }');
}
