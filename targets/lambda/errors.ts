/** Errors of the Lambda target. */
import { HttpError } from '../../src/core/errors';

/** An HTTP event that cannot become a valid Request (bad header, bad base64 body, bad method or URL): answered with a 400. */
export class InvalidEventError extends HttpError {
  constructor(message: string, cause?: unknown) {
    super(400, message, { code: 'INVALID_REQUEST', cause });
  }
}

/** An event that is not HTTP and has no handler in `options.events`: the invocation fails with this. */
export class UnhandledEventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnhandledEventError';
  }
}
