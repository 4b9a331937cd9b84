/**
 * A minimal Language Server Protocol client over stdio for the repo's compiler (`tsc --lsp --stdio`, tsgo's
 * language server): JSON-RPC messages framed with Content-Length, requests matched to answers by id. Written here
 * because the bench needs four calls (initialize, didOpen, didChange, completion) and no JSON-RPC package is
 * installed; server requests (configuration, progress) are answered with null.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** A running language server for one project folder. */
export interface LspSession {
  /** Sends a request and resolves with its result (rejects on an error answer or after `timeoutMs`). */
  request(method: string, params: unknown, timeoutMs?: number): Promise<unknown>;
  /** Sends a notification (no answer). */
  notify(method: string, params: unknown): void;
  /** Shuts the server down and waits for it to exit. */
  close(): Promise<void>;
  /**
   * CPU time (ms) the server's threads have run so far (the launcher's and the native server's), summed from
   * /proc/<pid>/task/<tid>/schedstat; undefined where /proc is missing. The server is multi-threaded (Go), so one
   * thread's time would miss most of its work.
   */
  cpuMs(): number | undefined;
}

/** A process and its descendants (the compiler's `tsc` is a launcher that runs the native server as its child). */
function processTree(pid: number): number[] {
  const children = readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
    readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
  );
  return [pid, ...children.flatMap(processTree)];
}

/** CPU time (ms) of every thread of a process and its descendants, from /proc; undefined when it cannot be read. */
function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    let ns = 0;
    for (const process of processTree(pid)) {
      for (const tid of readdirSync(`/proc/${process}/task`)) {
        ns += Number(readFileSync(`/proc/${process}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      }
    }
    return ns / 1e6;
  } catch {
    return undefined;
  }
}

/** Starts `exe --lsp --stdio` for the project in `folder` and completes the initialize handshake. */
export async function startLsp(exe: string, folder: string): Promise<LspSession> {
  const child: ChildProcessWithoutNullStreams = spawn(exe, ['--lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let buffer = Buffer.alloc(0);
  const write = (message: object): void => {
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }), 'utf8');
    child.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    child.stdin.write(body);
  };
  child.stdout.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const headerEnd = buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const length = Number(/Content-Length: *(\d+)/i.exec(buffer.subarray(0, headerEnd).toString('latin1'))?.[1]);
      if (buffer.length < headerEnd + 4 + length) return;
      const message = JSON.parse(buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8')) as {
        id?: number;
        method?: string;
        result?: unknown;
        error?: { message: string };
      };
      buffer = buffer.subarray(headerEnd + 4 + length);
      if (message.method !== undefined && message.id !== undefined) write({ id: message.id, result: null });
      else if (message.id !== undefined) {
        const waiting = pending.get(message.id);
        pending.delete(message.id);
        if (message.error) waiting?.reject(new Error(message.error.message));
        else waiting?.resolve(message.result);
      }
    }
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  child.on('exit', () => {
    for (const waiting of pending.values()) waiting.reject(new Error('the language server exited'));
    pending.clear();
  });
  const session: LspSession = {
    request(method, params, timeoutMs = 600_000) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`${method}: no answer in ${timeoutMs} ms`));
        }, timeoutMs);
        pending.set(id, {
          resolve: (value) => {
            clearTimeout(timer);
            resolve(value);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        });
        write({ id, method, params });
      });
    },
    notify(method, params) {
      write({ method, params });
    },
    cpuMs: () => processCpuMs(child.pid),
    async close() {
      await session.request('shutdown', null, 10_000).catch(() => undefined);
      session.notify('exit', null);
      const timer = setTimeout(() => child.kill(), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
  const root = pathToFileURL(folder).href;
  await session.request('initialize', {
    processId: process.pid,
    rootUri: root,
    workspaceFolders: [{ uri: root, name: 'bench' }],
    capabilities: { textDocument: { completion: { completionItem: { snippetSupport: false } } } },
  });
  session.notify('initialized', {});
  return session;
}
