import { describe, expect, it } from 'vitest';
import {
  CircuitBreaker,
  Fw,
  session,
  staticFiles,
  upload,
  webhooks,
  cache,
  cachePlugin,
  compress,
  cors,
  etag,
  healthCheck,
  rateLimit,
  securityHeaders,
  structuredLogger,
} from 'fw';

describe('options with unknown keys fail at startup with the closest valid key', () => {
  it.each([
    ['cors', () => cors({ orign: 'https://a.example' } as never), 'cors(): unknown option "orign" (did you mean "origin"?)'],
    ['rateLimit', () => rateLimit({ maxx: 3 } as never), 'rateLimit(): unknown option "maxx" (did you mean "max"?)'],
    [
      'securityHeaders',
      () => securityHeaders({ xFrameOption: 'DENY' } as never),
      'securityHeaders(): unknown option "xFrameOption" (did you mean "xFrameOptions"?)',
    ],
    ['compress', () => compress({ treshold: 10 } as never), 'compress(): unknown option "treshold" (did you mean "threshold"?)'],
    [
      'structuredLogger',
      () => structuredLogger({ levle: 'info' } as never),
      'structuredLogger(): unknown option "levle" (did you mean "level"?)',
    ],
    ['healthCheck', () => healthCheck({ check: {} } as never), 'healthCheck(): unknown option "check" (did you mean "checks"?)'],
    ['etag', () => etag({ weeak: true } as never), 'etag(): unknown option "weeak" (did you mean "weak"?)'],
    ['cache', () => cache({ maxage: 60 } as never), 'cache(): unknown option "maxage" (did you mean "maxAge"?)'],
    ['cachePlugin', () => cachePlugin({ tll: 60 } as never), 'cachePlugin(): unknown option "tll" (did you mean "ttl"?)'],
    [
      'circuitBreaker',
      () => new CircuitBreaker({ name: 'x', treshold: 3 } as never),
      'circuitBreaker(): unknown option "treshold" (did you mean "threshold"?)',
    ],
    ['new Fw', () => new Fw({ developement: true } as never), 'new Fw(): unknown option "developement" (did you mean "development"?)'],
  ])('%s', (_name, make, message) => {
    expect(make).toThrow(message);
  });

  it('names every option when nothing is close, and refuses a non-object', () => {
    expect(() => cors({ zzzzzz: 1 } as never)).toThrow(
      'cors(): unknown option "zzzzzz"; the options are origin, methods, allowedHeaders, exposedHeaders, credentials, maxAge',
    );
    expect(() => cors([] as never)).toThrow('cors(): options must be an object, got an array');
  });

  it('inherited names such as toString are not options', () => {
    expect(() => cors({ toString: () => 'x' } as never)).toThrow('unknown option "toString"');
  });

  it('valid options still work', () => {
    expect(() => cors({ origin: ['https://a.example'], credentials: true, maxAge: 60 })).not.toThrow();
    expect(() => new Fw({ development: true, maxBodySize: 10 })).not.toThrow();
  });
});

describe('the modules with their own option resolvers check keys too', () => {
  it.each([
    [
      'staticFiles',
      () => staticFiles('/tmp', { prefx: '/assets' } as never),
      'staticFiles(): unknown option "prefx" (did you mean "prefix"?)',
    ],
    [
      'session',
      () => session({ secret: 'a-long-enough-secret-for-tests', tll: 60 } as never),
      'session(): unknown option "tll" (did you mean "ttl"?)',
    ],
    ['upload', () => upload({ dir: '/tmp/up', maxsize: 10 } as never), 'upload(): unknown option "maxsize" (did you mean "maxSize"?)'],
    [
      'webhooks',
      () => webhooks({ secret: 'x', allowedEvent: ['push'] } as never),
      'webhooks(): unknown option "allowedEvent" (did you mean "allowedEvents"?)',
    ],
  ])('%s', (_name, make, message) => {
    expect(make).toThrow(message);
  });
});
