import type { CoreFw } from 'fw';
import type { InProcessCaller } from '../bridge/in-process-call';
import type { WorkflowStep } from '../workflow-definition';

/** How a run reaches the world: the app for relative URLs, progress and log callbacks, a signal, the mutation rule. */
export interface RunWorkflowOptions {
  app?: CoreFw | null;
  allowMutation?: boolean;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number, message: string) => void;
  log?: (level: string, data: unknown) => void;
  fetch?: typeof fetch;
  /** The `Host` the app was reached at (the MCP request's): absolute URLs to it are served in process. */
  appHost?: string;
  /**
   * The client the run's in-process requests are made for (its principal, scopes and forwarded headers) and their
   * limits, shared by every step; default: an anonymous caller with default limits, ending with `signal`.
   */
  caller?: InProcessCaller;
}

/** What happened in one step. */
export interface StepReport {
  index: number;
  name: string;
  type: WorkflowStep['type'];
  ok: boolean;
  durationMs: number;
  error?: string;
}

/** The outcome of a run: the output when it succeeded, the failing step when it did not. */
export interface WorkflowRun {
  workflow: string;
  ok: boolean;
  output?: unknown;
  error?: { step: string; index: number; message: string };
  steps: StepReport[];
}
