import type { JSONSchema } from 'fw';

/** A value given directly or computed from the workflow input and the previous step's output. */
export type Computed<T> = T | ((input: Record<string, unknown>, prev: unknown) => T);

/** Calls a URL: a path (or the app's own host) through the app in process, an allowed origin with `fetch`. */
export interface HttpStep {
  type: 'http';
  name?: string;
  url: Computed<string>;
  method?: Computed<string>;
  headers?: Computed<Record<string, string>>;
  body?: Computed<unknown>;
  /** Turns the response (`{ status, headers, body }`, body parsed when JSON) into the step's output. */
  transform?: (response: HttpStepResponse) => unknown;
}

/** What an http step's `transform` receives (and what the step outputs without one). */
export interface HttpStepResponse {
  status: number;
  ok: boolean;
  headers: Record<string, string>;
  body: unknown;
}

/** What a code step can do besides computing: send requests under the same rules as http steps, and log. */
export interface StepTools {
  request(init: { url: string; method?: string; headers?: Record<string, string>; body?: unknown }): Promise<HttpStepResponse>;
  log(level: string, data: unknown): void;
}

/** Runs a function of the input and the previous output. */
export interface CodeStep {
  type: 'code';
  name?: string;
  run: (input: Record<string, unknown>, prev: unknown, tools: StepTools) => unknown;
}

/** Waits; its output is the previous output unchanged. */
export interface DelayStep {
  type: 'delay';
  name?: string;
  ms: number;
}

/** Sends a log message to the client; its output is the previous output unchanged. */
export interface LogStep {
  type: 'log';
  name?: string;
  message: Computed<string>;
  level?: 'debug' | 'info' | 'notice' | 'warning' | 'error';
}

/** Ends the run with a value: `value` computed from input and previous output (the previous output when absent). */
export interface ResultStep {
  type: 'result';
  name?: string;
  value?: Computed<unknown>;
}

/** One step of a workflow. */
export type WorkflowStep = HttpStep | CodeStep | DelayStep | LogStep | ResultStep;

/** A declarative workflow: validated input, then steps that each receive the previous step's output. */
export interface Workflow {
  name: string;
  description: string;
  /** Input parameters: name to JSON schema (required unless the schema has a `default` or `optional: true`). */
  input?: Record<string, JSONSchema & { optional?: boolean }>;
  steps: WorkflowStep[];
  /**
   * Origins (`https://api.example.com`) its absolute URLs may reach besides the app itself (default none:
   * paths and the app's own host only). Loopback, private and link-local addresses need naming here too.
   */
  allowedOrigins?: string[];
}
