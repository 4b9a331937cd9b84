/**
 * JSON text of outgoing messages that never throws: a value JSON cannot hold (a BigInt, a cycle, a throwing
 * `toJSON`) anywhere in an answer turns that one answer into a -32603 error for its id, so no result a tool returns
 * can take a transport (or the process) down.
 */
import { ErrorCode, errorOf, type JSONRPCMessage, type JSONRPCResponse } from './jsonrpc';

/** What JSON.stringify said, short (its own message, or a throwing `toJSON`'s). */
function reasonOf(error: unknown): string {
  try {
    const text = error instanceof Error ? error.message : typeof error === 'string' ? error : 'a value that is not JSON';
    return text.length > 200 ? `${text.slice(0, 200)}…` : text;
  } catch {
    return 'a value that is not JSON';
  }
}

function isAnswer(message: JSONRPCMessage): message is JSONRPCResponse {
  return 'result' in message || 'error' in message;
}

/** The -32603 error that stands in for an answer JSON cannot hold. */
function unserializable(answer: JSONRPCResponse, error: unknown): string {
  const message = `Internal error: the answer cannot be sent as JSON (${reasonOf(error)}); return only JSON values (no BigInt, cycles or throwing toJSON)`;
  return JSON.stringify(
    errorOf(typeof answer.id === 'string' || typeof answer.id === 'number' ? answer.id : null, ErrorCode.InternalError, message),
  );
}

/** JSON text of one answer; one that cannot be serialized becomes a -32603 error for the same id. */
export function encodeAnswer(answer: JSONRPCResponse): string {
  try {
    return JSON.stringify(answer);
  } catch (error) {
    return unserializable(answer, error);
  }
}

/** JSON text of a batch of answers; each one that cannot be serialized becomes a -32603 error, the others stay as they are. */
export function encodeAnswers(answers: JSONRPCResponse[]): string {
  try {
    return JSON.stringify(answers);
  } catch {
    return `[${answers.map(encodeAnswer).join(',')}]`;
  }
}

/**
 * JSON text of any outgoing message: answers as `encodeAnswer`; a notification or server-to-client request that
 * cannot be serialized is null (not sent, as when the client cannot be reached).
 */
export function encodeMessage(message: JSONRPCMessage): string | null {
  if (isAnswer(message)) return encodeAnswer(message);
  try {
    return JSON.stringify(message);
  } catch {
    return null;
  }
}

/** JSON text of a message or a batch of answers (what a transport writes), never throwing. */
export function encodeBody(body: JSONRPCMessage | JSONRPCResponse[]): string | null {
  return Array.isArray(body) ? encodeAnswers(body) : encodeMessage(body);
}

/** Writes one message through `write` when it can be serialized; false (not sent) when it cannot. */
export function sendEncoded(message: JSONRPCMessage, write: (text: string) => boolean): boolean {
  const text = encodeMessage(message);
  return text !== null && write(text);
}
