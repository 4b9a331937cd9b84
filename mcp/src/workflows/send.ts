import { callInProcess, inProcessCaller } from '../bridge/in-process-call';
import { compileOrigins, destination, type Destination } from './origins';
import type { HttpStepResponse, Workflow } from '../workflow-definition';
import type { RunWorkflowOptions } from './types';

/** What one request of a workflow asks for (an http step, or `tools.request` in a code step). */
export interface SendInit {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/** Redirects followed from an allowed origin before the request fails. */
const MAX_REDIRECTS = 5;

const credentialHeaders = ['authorization', 'cookie', 'proxy-authorization'];

async function read(response: Response): Promise<HttpStepResponse> {
  const text = await response.text();
  let parsed: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('json') && text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  return { status: response.status, ok: response.ok, headers: Object.fromEntries(response.headers), body: parsed };
}

function isRedirect(status: number): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

/**
 * Sends one workflow request. Paths and URLs on the app's own host go through the app in process (`callInProcess`:
 * the client's principal, scopes and forwarded headers go with it; methods other than GET/HEAD only with `allowMutation`); other URLs only to the workflow's `allowedOrigins`,
 * with redirects followed by hand (at most MAX_REDIRECTS), each hop decided again, so an allowed origin cannot
 * redirect a request anywhere else. A refusal throws before anything is sent.
 */
export async function send(init: SendInit, workflow: Workflow, options: RunWorkflowOptions): Promise<HttpStepResponse> {
  const policy = { allowed: compileOrigins(workflow.allowedOrigins), appHost: options.appHost };
  let method = (init.method ?? 'GET').toUpperCase();
  const headers = new Headers(init.headers);
  let body: string | undefined;
  if (init.body !== undefined && method !== 'GET' && method !== 'HEAD') {
    body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  if (!headers.has('accept')) headers.set('accept', 'application/json, */*;q=0.8');
  let target: Destination = destination(init.url, policy);
  for (let hop = 0; ; hop++) {
    if (target.kind === 'refused') throw new Error(hop === 0 ? target.reason : `redirect ${hop} from ${init.url}: ${target.reason}`);
    if (target.kind === 'app') {
      if (!options.app)
        throw new Error(`${init.url} needs an app bound to the MCP server (paths and the app's own URLs are served in process)`);
      if (!options.allowMutation && method !== 'GET' && method !== 'HEAD') throw new Error(`${method} ${init.url} needs allowMutation`);
      return read(
        await callInProcess(
          options.app,
          { url: target.url, method, headers, body },
          options.caller ?? inProcessCaller({ signal: options.signal }),
        ),
      );
    }
    const response = await (options.fetch ?? fetch)(
      new Request(target.url, { method, headers, body, signal: options.signal, redirect: 'manual' }),
    );
    const location = response.headers.get('location');
    if (!isRedirect(response.status) || location === null) return read(response);
    await response.body?.cancel();
    if (hop === MAX_REDIRECTS) throw new Error(`${init.url}: more than ${MAX_REDIRECTS} redirects`);
    const next = destination(location, policy, target.url);
    if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
      method = method === 'HEAD' ? 'HEAD' : 'GET';
      body = undefined;
      headers.delete('content-type');
    }
    if (next.kind !== 'refused' && next.url.origin !== target.url.origin) for (const name of credentialHeaders) headers.delete(name);
    target = next;
  }
}
