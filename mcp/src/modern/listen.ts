import type { KVStore } from 'fw';
import { ErrorCode, RpcError } from '../jsonrpc';
import type { Registry } from '../registry';
import type { RequestContext } from '../request-context';
import { LISTEN_TTL_SECONDS, wants, type Change, type ChangeFeed, type SubscriptionFilter } from './change-feed';

/** The `_meta` key tying a notification (and the closing result) to its `subscriptions/listen` stream. */
const SUBSCRIPTION_ID_META = 'io.modelcontextprotocol/subscriptionId';

/** Options of 2026-07-28 `subscriptions/listen` streams (`MCPServerOptions.subscriptions`). */
export interface SubscriptionsOptions {
  /** Where listening streams and published changes meet: share one store so a change on any instance reaches every listener (default: in memory). */
  store?: KVStore;
  /** How often a listening stream reads the store for changes, in ms (default 1000). */
  pollIntervalMs?: number;
  /** Ends each stream gracefully after this many ms (default: never; set it where a response cannot stream, e.g. buffered Lambda). */
  maxDurationMs?: number;
}

/** How a listening stream runs: how often it reads the feed, and when the server ends it (never by default). */
export interface ListenOptions {
  pollIntervalMs: number;
  maxDurationMs?: number;
}

const invalid = (message: string) => new RpcError(ErrorCode.InvalidParams, message);

function parseFilter(value: unknown): SubscriptionFilter {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw invalid(
      'subscriptions/listen needs "notifications": an object of toolsListChanged, promptsListChanged, resourcesListChanged, resourceSubscriptions',
    );
  const filter = value as Record<string, unknown>;
  for (const flag of ['toolsListChanged', 'promptsListChanged', 'resourcesListChanged'])
    if (filter[flag] !== undefined && typeof filter[flag] !== 'boolean')
      throw invalid(`Invalid "notifications.${flag}": expected a boolean`);
  const uris = filter.resourceSubscriptions;
  if (uris !== undefined && !(Array.isArray(uris) && uris.every((uri) => typeof uri === 'string')))
    throw invalid('Invalid "notifications.resourceSubscriptions": expected a list of resource URIs');
  return filter as SubscriptionFilter;
}

/** The part of a filter the server honours: changes of the lists it has, updates of resources it can read. */
function honoured(registry: Registry, asked: SubscriptionFilter): SubscriptionFilter {
  const filter: SubscriptionFilter = {};
  if (asked.toolsListChanged && registry.tools.size > 0) filter.toolsListChanged = true;
  if (asked.promptsListChanged && registry.prompts.size > 0) filter.promptsListChanged = true;
  const resources = registry.resources.size > 0 || registry.templates.size > 0;
  if (asked.resourcesListChanged && resources) filter.resourcesListChanged = true;
  const uris = asked.resourceSubscriptions?.filter((uri) => registry.resources.has(uri) || registry.matchTemplate(uri) !== null);
  if (uris !== undefined && uris.length > 0) filter.resourceSubscriptions = [...new Set(uris)];
  return filter;
}

function notificationOf(change: Change): string {
  return 'uri' in change ? 'notifications/resources/updated' : `notifications/${change.list}/list_changed`;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, Math.max(0, ms));
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * `subscriptions/listen` (2026-07-28): records the stream in the change feed, acknowledges the honoured filter as
 * its first message, then sends each wanted change (from any instance) tagged with the subscription id, until the
 * client closes the stream (no answer then), or `maxDurationMs` passes or the OAuth access token that opened it
 * expires (the answer ends it gracefully; the client listens again, with a fresh token).
 */
export async function listen(
  ctx: RequestContext,
  params: Record<string, any> | undefined,
  registry: Registry,
  feed: ChangeFeed,
  options: ListenOptions,
): Promise<Record<string, unknown>> {
  const filter = honoured(registry, parseFilter(params?.notifications));
  const meta = { [SUBSCRIPTION_ID_META]: ctx.requestId };
  const signal = ctx.signal;
  const record = await feed.listen(filter);
  try {
    const cursor = await feed.cursor();
    ctx.sendNotification('notifications/subscriptions/acknowledged', { _meta: meta, notifications: filter });
    const expiresAt = ctx.auth?.expiresAt === undefined ? Number.POSITIVE_INFINITY : ctx.auth.expiresAt * 1000;
    const end = Math.min(expiresAt, options.maxDurationMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + options.maxDurationMs);
    const refreshEvery = (LISTEN_TTL_SECONDS * 1000) / 3;
    let refreshAt = Date.now() + refreshEvery;
    while (!signal.aborted && Date.now() < end) {
      await sleep(Math.min(options.pollIntervalMs, end - Date.now()), signal);
      if (signal.aborted) break;
      for (const change of await feed.read(cursor))
        if (wants(filter, change))
          ctx.sendNotification(notificationOf(change), 'uri' in change ? { _meta: meta, uri: change.uri } : { _meta: meta });
      if (Date.now() >= refreshAt) {
        await feed.listen(filter, record);
        refreshAt = Date.now() + refreshEvery;
      }
    }
  } finally {
    await feed.unlisten(record);
  }
  return { _meta: meta };
}
