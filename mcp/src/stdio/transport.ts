import { encodeBody } from '../encode';
import { ErrorCode, errorOf, internalErrorOf, type JSONRPCMessage, type JSONRPCResponse } from '../jsonrpc';
import { batchTooLarge, checkBatchLimit } from '../limits';
import { newPeer, type ClientLink } from '../peer';
import type { MCPServer } from '../server';
import { ASSUMED_VERSION, allowsBatches } from '../versions';

type Chunk = Uint8Array | string;

/** Something to read lines from: a Web ReadableStream or any async iterable of bytes or text (Node's `process.stdin`). */
export type StdioInput = ReadableStream<Chunk> | AsyncIterable<Chunk>;

/** Something to write lines to: a Web WritableStream or any object with `write(text)` (Node's `process.stdout`). */
export type StdioOutput = WritableStream<Uint8Array> | { write(chunk: string): unknown };

/** Options of `StdioTransport`. */
export interface StdioTransportOptions {
  /** Where messages come from (default: the process's standard input on Node and Bun). */
  input?: StdioInput;
  /** Where messages go (default: the process's standard output on Node and Bun). */
  output?: StdioOutput;
  /** Receives diagnostic lines when `debug` is on (default: standard error through `console.error`). */
  log?: (line: string) => void;
  /** Logs every message in and out through `log`. */
  debug?: boolean;
  /** Most messages one JSON-RPC batch line may hold (default 100); a larger batch is answered with one -32600 error. */
  maxBatchSize?: number;
  /**
   * Headers every in-process call of this client's tools carries (route tools, `fw/routes/invoke`, workflow steps):
   * the credentials of the stdio client, which sends no HTTP headers of its own, so route tools pass the app's own
   * guards. E.g. `{ authorization: \`Bearer ${token}\` }`, the token read by the entry from the environment that the
   * desktop client's config sets.
   */
  headers?: Record<string, string>;
}

interface ProcessStdio {
  stdin?: AsyncIterable<Chunk>;
  stdout?: { write(chunk: string): unknown };
}

function processStdio(): ProcessStdio {
  return (globalThis as { process?: ProcessStdio }).process ?? {};
}

function iterate(input: StdioInput): AsyncIterable<Chunk> {
  if (input instanceof ReadableStream) {
    return {
      async *[Symbol.asyncIterator]() {
        const reader = input.getReader();
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) return;
            yield value;
          }
        } finally {
          reader.releaseLock();
        }
      },
    };
  }
  return input;
}

/**
 * MCP over stdio: newline-delimited JSON-RPC in and out. Requests run concurrently, so a client's answer to a
 * server-to-client request (sampling, roots, elicitation) reaches the handler waiting for it. Only protocol
 * messages are written to the output; diagnostics go to `log`.
 */
export class StdioTransport {
  private readonly input: StdioInput;
  private readonly writeLine: (line: string) => Promise<void> | void;
  private readonly logLine: (line: string) => void;
  private readonly debug: boolean;
  private readonly maxBatchSize: number;
  private readonly headers: Readonly<Record<string, string>> | undefined;
  private closed = false;

  constructor(options: StdioTransportOptions = {}) {
    const stdio = processStdio();
    const input = options.input ?? stdio.stdin;
    const output = options.output ?? stdio.stdout;
    if (!input || !output) throw new Error('StdioTransport needs "input" and "output" here: this runtime has no process standard streams');
    this.input = input;
    this.debug = options.debug ?? false;
    this.maxBatchSize = checkBatchLimit(options.maxBatchSize, 'StdioTransport');
    this.headers = options.headers === undefined ? undefined : checkedHeaders(options.headers);
    this.logLine = options.log ?? ((line) => console.error(line));
    if (output instanceof WritableStream) {
      const writer = output.getWriter();
      const encoder = new TextEncoder();
      this.writeLine = (line) => writer.write(encoder.encode(`${line}\n`));
    } else {
      this.writeLine = (line) => {
        output.write(`${line}\n`);
      };
    }
  }

  /** Serves `server` until the input ends; the server's `log()` and notifications go to this client meanwhile. */
  async serve(server: MCPServer): Promise<void> {
    const link: ClientLink = {
      peer: newPeer('stdio', ASSUMED_VERSION, null),
      canRequest: true,
      send: (message) => this.send(message),
      trusted: true,
      // The stdio client is a process on this machine: the app's limits count its tools' calls as loopback.
      address: '127.0.0.1',
      callHeaders: this.headers,
    };
    server.setClientLink(link);
    const running = new Set<Promise<void>>();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of iterate(this.input)) {
        buffer += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
        let newline = buffer.indexOf('\n');
        while (newline !== -1) {
          const line = buffer.slice(0, newline).replace(/\r$/, '');
          buffer = buffer.slice(newline + 1);
          if (line.trim() !== '') this.track(running, this.receive(server, link, line));
          newline = buffer.indexOf('\n');
        }
      }
      if (buffer.trim() !== '') this.track(running, this.receive(server, link, buffer));
      // The client is gone: its subscriptions/listen streams end (other requests still finish and answer).
      server.endSubscriptions(link);
      await Promise.all(running);
    } finally {
      this.closed = true;
      server.setClientLink(null);
    }
  }

  /** Keeps a message's work until it ends; a failure outside any handler is answered -32603, never left to crash the process. */
  private track(running: Set<Promise<void>>, work: Promise<void>): void {
    const settled = work.catch((error) => {
      this.send(internalErrorOf(null, error));
    });
    running.add(settled);
    settled.finally(() => running.delete(settled));
  }

  private send(message: JSONRPCMessage | JSONRPCResponse[]): boolean {
    if (this.closed) return false;
    const line = encodeBody(message);
    if (line === null) return false;
    if (this.debug) this.logLine(`[fw-mcp stdio] -> ${line}`);
    const written = this.writeLine(line);
    if (written instanceof Promise) written.catch((error) => this.logLine(`[fw-mcp stdio] write failed: ${String(error)}`));
    return true;
  }

  private async receive(server: MCPServer, link: ClientLink, line: string): Promise<void> {
    if (this.debug) this.logLine(`[fw-mcp stdio] <- ${line}`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      this.send(errorOf(null, ErrorCode.ParseError, 'Parse error: the line is not valid JSON'));
      return;
    }
    if (Array.isArray(parsed)) {
      if (parsed.length === 0 || parsed.length > this.maxBatchSize) {
        const reason = parsed.length === 0 ? 'Invalid request: an empty batch' : batchTooLarge(parsed.length, this.maxBatchSize);
        this.send(errorOf(null, ErrorCode.InvalidRequest, reason));
        return;
      }
      if (!allowsBatches(link.peer.protocolVersion)) {
        this.send(
          errorOf(
            null,
            ErrorCode.InvalidRequest,
            `Invalid request: JSON-RPC batches were removed in protocol version 2025-06-18 (this client speaks ${link.peer.protocolVersion}); send one message per line`,
          ),
        );
        return;
      }
      const answers = (await Promise.all(parsed.map((m) => server.handle(m, link)))).filter((a): a is JSONRPCResponse => a !== null);
      if (answers.length > 0) this.send(answers);
      return;
    }
    const answer = await server.handle(parsed, link);
    if (answer !== null) this.send(answer);
  }
}

const unset = ': is the environment variable it comes from set (in the "env" of this server in the MCP client\'s config)?';

/**
 * The `headers` option, checked at startup: a value that is not a string, that ends in `undefined` or `null` (an unset
 * environment variable in a template), or that HTTP refuses fails there, naming the header. Names are lower-cased.
 */
function checkedHeaders(headers: Record<string, string>): Readonly<Record<string, string>> {
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers))
    throw new TypeError('StdioTransport: headers must be an object of header names and string values, e.g. { authorization: "Bearer …" }');
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value !== 'string')
      throw new TypeError(
        `StdioTransport: headers.${name} must be a string, got ${value === undefined ? 'undefined' : typeof value}${unset}`,
      );
    // `Bearer ${process.env.TOKEN}` with TOKEN unset reads "Bearer undefined": every guarded call would answer 401.
    if (/(^|\s)(undefined|null)$/.test(value)) throw new TypeError(`StdioTransport: headers.${name} is ${JSON.stringify(value)}${unset}`);
  }
  try {
    return Object.freeze(Object.fromEntries(new Headers(headers)));
  } catch (error) {
    throw new TypeError(`StdioTransport: headers are not valid HTTP headers: ${error instanceof Error ? error.message : String(error)}`);
  }
}
