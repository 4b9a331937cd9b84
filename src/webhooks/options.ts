import { MemoryKV, type KVStore } from '../kv';
import type { Context } from '../core/context';
import { webhookProviders } from './providers';
import type { WebhookOptions, WebhookProvider } from './types';
import { checkOptions } from '../core/options';

/** `webhooks()` options checked and filled with their defaults. */
export interface ResolvedWebhookOptions {
  path: string;
  fixedProvider: string | null;
  providers: Record<string, WebhookProvider>;
  secretFor: (provider: string) => string | undefined;
  allowedEvents: Set<string> | null;
  handler: NonNullable<WebhookOptions['handler']>;
  maxBodySize: number;
  replayStore: (ctx: Context) => KVStore;
  replayWindow: number;
  replayProtected: (provider: string) => boolean;
  now: () => number;
}

function fail(message: string): never {
  throw new TypeError(`webhooks: ${message}`);
}

function checkSecret(value: unknown, label: string): void {
  if (typeof value !== 'string' || value.length === 0) fail(`${label} must be a non-empty string`);
}

/** Every option of webhooks(), so a mistyped key fails at startup. */
const webhookOptionsKeys: Record<keyof WebhookOptions, true> = {
  secret: true,
  provider: true,
  path: true,
  allowedEvents: true,
  handler: true,
  providers: true,
  maxBodySize: true,
  replayStore: true,
  replayWindow: true,
  replayProtection: true,
  now: true,
};

/** Checks `webhooks()` options, throwing a TypeError that names the bad field. */
export function resolveWebhookOptions(options: WebhookOptions): ResolvedWebhookOptions {
  if (!options || typeof options !== 'object') fail('options with a secret are required');
  checkOptions('webhooks()', options, webhookOptionsKeys);
  const providers = { ...webhookProviders, ...(options.providers ?? {}) };
  for (const [name, p] of Object.entries(providers))
    if (typeof p?.verify !== 'function' || typeof p.event !== 'function') fail(`provider "${name}" needs verify() and event()`);
  const secret = options.secret;
  if (typeof secret === 'string') checkSecret(secret, 'secret');
  else if (secret && typeof secret === 'object') {
    if (Object.keys(secret).length === 0) fail('the secret map is empty');
    for (const [name, value] of Object.entries(secret)) {
      if (!providers[name]) fail(`secret given for unknown provider "${name}" (known: ${Object.keys(providers).join(', ')})`);
      checkSecret(value, `secret of "${name}"`);
    }
  } else fail('secret (a string, or a map provider to secret) is required');
  const fixedProvider = options.provider ?? null;
  if (fixedProvider !== null && !providers[fixedProvider])
    fail(`unknown provider "${fixedProvider}" (known: ${Object.keys(providers).join(', ')})`);
  const path = options.path ?? '/webhook/:provider';
  if (typeof path !== 'string' || !path.startsWith('/')) fail('path must start with /');
  if (fixedProvider === null && !path.includes(':provider')) fail('a path without :provider needs the provider option');
  if (
    options.allowedEvents !== undefined &&
    (!Array.isArray(options.allowedEvents) || options.allowedEvents.some((e) => typeof e !== 'string'))
  )
    fail('allowedEvents must be a list of strings');
  if (options.handler !== undefined && typeof options.handler !== 'function') fail('handler must be a function');
  const maxBodySize = options.maxBodySize ?? 10 * 1024 * 1024;
  if (!Number.isSafeInteger(maxBodySize) || maxBodySize <= 0) fail('maxBodySize must be a positive whole number of bytes');
  const replayWindow = options.replayWindow ?? 86_400;
  if (typeof replayWindow !== 'number' || !Number.isFinite(replayWindow) || replayWindow <= 0)
    fail('replayWindow must be a positive number of seconds');
  const store = options.replayStore ?? new MemoryKV();
  if (typeof store !== 'function' && typeof store?.increment !== 'function')
    fail('replayStore must be a KVStore or a function returning one');
  const protection = options.replayProtection ?? true;
  if (typeof protection === 'object' && protection !== null) {
    for (const [name, on] of Object.entries(protection)) {
      if (!Object.hasOwn(providers, name))
        fail(`replayProtection names unknown provider "${name}" (known: ${Object.keys(providers).join(', ')})`);
      if (typeof on !== 'boolean') fail(`replayProtection of "${name}" must be true or false`);
    }
  } else if (typeof protection !== 'boolean') fail('replayProtection must be true, false or a map provider to true/false');
  return {
    path,
    fixedProvider,
    providers,
    secretFor: (name) => (typeof secret === 'string' ? secret : Object.hasOwn(secret, name) ? secret[name] : undefined),
    allowedEvents: options.allowedEvents ? new Set(options.allowedEvents) : null,
    handler: options.handler ?? (() => ({ received: true })),
    maxBodySize,
    replayStore: typeof store === 'function' ? store : () => store,
    replayWindow,
    replayProtected: (name) =>
      typeof protection === 'boolean' ? protection : !(Object.hasOwn(protection, name) && protection[name] === false),
    now: options.now ?? Date.now,
  };
}
