import { HttpError } from '../core/errors';

function malformed(message: string, cause?: unknown): HttpError {
  return new HttpError(400, message, { code: 'INVALID_WEBHOOK_PAYLOAD', cause });
}

/**
 * Parses a verified body: a form (Slack slash commands and interactivity) when sent as one, where a `payload` field
 * holding JSON is parsed too; JSON otherwise, whatever the declared type. A body that does not parse is a 400.
 */
export function parsePayload(body: Uint8Array<ArrayBuffer>, contentType: string | null): unknown {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch (cause) {
    throw malformed('Webhook body is not UTF-8 text', cause);
  }
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded') {
    const fields = Object.fromEntries(new URLSearchParams(text));
    if (typeof fields.payload !== 'string') return fields;
    try {
      return JSON.parse(fields.payload);
    } catch (cause) {
      throw malformed('Webhook form field "payload" is not JSON', cause);
    }
  }
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw malformed('Webhook body is not JSON', cause);
  }
}
