import type { EventBus } from '../event-bus/bus';
import type { FwConfig } from '../app/fw';
import type { HealthAccessOptions } from '../health/access';
import type { Fw } from '../core/fw';
import type { Platform } from '../core/platform';
import type { MetricsCollector } from '../trace/metrics';

/** Options of `createWorkspace` (spec `WorkspaceOptions`). */
export interface WorkspaceOptions {
  port?: number;
  hostname?: string;
  /** Serve the dashboard page (default true). */
  dashboard?: boolean;
  /** Dashboard path (default `/__fw/workspace`; its JSON at `<path>.json`). */
  dashboardPath?: string;
  /** Serve the aggregated OpenAPI document (default true). */
  openapi?: boolean;
  /** Aggregated OpenAPI path (default `/__fw/openapi.json`). */
  openapiPath?: string;
  /** Serve Prometheus metrics (default true). */
  metrics?: boolean;
  /** Metrics path (default `/__fw/metrics`). */
  metricsPath?: string;
  /**
   * Who may read the metrics and the dashboard: a loopback caller by default; `{ token, authorize, loopback }` as
   * `healthCheck()` takes them; `'public'` for anyone. Others get 401 with `WWW-Authenticate: Bearer`.
   */
  access?: HealthAccessOptions | 'public';
  /** The bus shared by every app (default a new EventBus named `workspace`). */
  bus?: EventBus;
  /** Longest graceful stop in ms (default 10000). */
  shutdownTimeoutMs?: number;
  /** Sees errors escaping an app (the answer is a 500). */
  onError?: (error: unknown, request: Request) => void;
  /** Log mounts and stops (default false). */
  verbose?: boolean;
  /** The platform services of the workspace's server and of the apps it creates (`fw`'s Node and Bun entries preset their runtime's). */
  platform?: Platform;
}

/** Where an app is mounted: under a path prefix (stripped before the app sees the request), on a host, or both. */
export interface WorkspaceAppConfig {
  /** `/api`: requests to `/api/...` reach the app as `/...`. */
  prefix?: string;
  /** `api.example.com` or `*.example.com`; matched against the Host header without port. */
  host?: string;
  /** Options of the app's `Fw` (when the workspace creates it). */
  fw?: FwConfig;
}

/** What the setup callback of `workspace.app()` receives besides the app. */
export interface WorkspaceAppContext {
  name: string;
  bus: EventBus;
}

/** A mounted app (spec record `SubApp`). */
export interface SubApp {
  name: string;
  prefix: string | null;
  host: string | null;
  app: Fw;
  collector: MetricsCollector;
}
