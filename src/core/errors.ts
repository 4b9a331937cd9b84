/** Options every HTTP error accepts besides its message. */
export interface HttpErrorOptions {
  code?: string;
  details?: unknown;
  retryable?: boolean;
  cause?: unknown;
  headers?: Record<string, string>;
  /**
   * Marks the message and details as the server's own text (a database engine's), never for the client: outside
   * development the answer carries the status's reason phrase, the code and this id (`crypto.randomUUID()`), and the
   * error log the message with the same id, so one is found from the other.
   */
  errorId?: string;
}

/** An error that carries the HTTP status the core answers with; every fw error with a status extends it. */
export class HttpError extends Error {
  declare readonly status: number;
  declare readonly code?: string;
  declare readonly details?: unknown;
  declare readonly retryable?: boolean;
  declare readonly headers?: Record<string, string>;
  /** The id of an error whose message is not shown to the client (see `HttpErrorOptions.errorId`). */
  declare readonly errorId?: string;

  constructor(status: number, message?: string, options: HttpErrorOptions = {}) {
    super(message ?? defaultMessage(status), options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    const { cause, ...own } = options;
    Object.assign(this, own, { status });
  }
}

/** An expected failure of the caller's making (bad request by default). */
export class BusinessError extends HttpError {
  constructor(message?: string, options: HttpErrorOptions & { status?: number } = {}) {
    super(options.status ?? 400, message, { code: 'BUSINESS_ERROR', ...options });
  }
}

/** The resource asked for does not exist (404). */
export class NotFoundError extends BusinessError {
  constructor(message = 'Not Found', options: HttpErrorOptions = {}) {
    super(message, { code: 'NOT_FOUND', ...options, status: 404 });
  }
}

/** The caller is not authenticated (401). */
export class UnauthorizedError extends BusinessError {
  constructor(message = 'Unauthorized', options: HttpErrorOptions = {}) {
    super(message, { code: 'UNAUTHORIZED', ...options, status: 401 });
  }
}

/** The caller is authenticated but not allowed (403). */
export class ForbiddenError extends BusinessError {
  constructor(message = 'Forbidden', options: HttpErrorOptions = {}) {
    super(message, { code: 'FORBIDDEN', ...options, status: 403 });
  }
}

/** The request conflicts with the current state (409). */
export class ConflictError extends BusinessError {
  constructor(message = 'Conflict', options: HttpErrorOptions = {}) {
    super(message, { code: 'CONFLICT', ...options, status: 409 });
  }
}

/** A failure on the server's side that the caller may retry (500 unless given). */
export class SystemError extends HttpError {
  constructor(message = 'Internal Server Error', options: HttpErrorOptions & { status?: number } = {}) {
    super(options.status ?? 500, message, { code: 'SYSTEM_ERROR', ...options });
  }
}

/** An unrecoverable failure; `crash` says whether the process should stop after answering (500). */
export class FatalError extends Error {
  readonly status = 500;
  readonly crash: boolean;
  readonly code?: string;

  constructor(message: string, options: { crash?: boolean; code?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'FatalError';
    this.crash = options.crash ?? false;
    this.code = options.code ?? 'FATAL_ERROR';
  }
}

const reasons: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The standard reason phrase for a status, or undefined when fw does not name it. */
export function knownReason(status: number): string | undefined {
  return reasons[status];
}

/** The standard reason phrase for a status, used when an error has no message of its own. */
export function defaultMessage(status: number): string {
  return reasons[status] ?? (status >= 500 ? 'Server Error' : 'Error');
}
