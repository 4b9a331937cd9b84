import { base64url } from '../base64url';
import { ErrorCode, RpcError } from '../jsonrpc';
import { checkInputResponse } from './input-response';
import type { RequestStateCodec } from './request-state';

/** What `RoundTrip.blocked` resolves with: the handler waits on input the client has not given yet. */
export const INPUT_REQUIRED = Symbol('input required');

/** Keys of `inputRequests` are the handler's own (`ctx.elicit(params, { key })`), else `ask-<n>`: its n-th ask. */
const KEY = 'ask-';

/** An answer known from an earlier round: the digest of what was asked, and the client's result. */
interface Answer {
  d: string;
  r: Record<string, unknown>;
}

/** An input the handler asked for and the client has not answered. */
interface Ask {
  index: number;
  key: string;
  method: string;
  params?: Record<string, unknown>;
  digest: string;
}

/** What a `requestState` token holds: method, digest of the request and of the principal, answers so far, open asks. */
interface Sealed {
  m: string;
  b: string;
  p: string;
  a: [number, Answer][];
  /** Open asks: index, digest, method, key. */
  k: [number, string, string, string][];
}

const encoder = new TextEncoder();

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

async function digest(value: unknown): Promise<string> {
  const hash = await crypto.subtle.digest('SHA-256', encoder.encode(JSON.stringify(value) ?? 'null'));
  return base64url(new Uint8Array(hash).subarray(0, 18));
}

/** The params a round trip is bound to: the request's own, without `_meta`, `inputResponses` and `requestState`. */
function salient(params: Record<string, any> | undefined): Record<string, unknown> {
  const { _meta, inputResponses, requestState, ...rest } = params ?? {};
  return rest;
}

function isSealed(state: Record<string, unknown> | null): state is Record<string, unknown> & Sealed {
  return (
    state !== null &&
    typeof state.m === 'string' &&
    typeof state.b === 'string' &&
    typeof state.p === 'string' &&
    Array.isArray(state.a) &&
    Array.isArray(state.k) &&
    state.k.every((ask) => Array.isArray(ask) && typeof ask[3] === 'string')
  );
}

const invalid = (message: string) => new RpcError(ErrorCode.InvalidParams, message);

/**
 * One round of a 2026-07-28 multi-round-trip request (`tools/call`, `prompts/get`, `resources/read`). The handler
 * runs from its start every round; its n-th `ctx.elicit` / `ctx.createMessage` / `ctx.listRoots` is answered from
 * the answers the client brought back (in `requestState`, sealed by the server, and `inputResponses`) when they
 * answer that same question. The first one without an answer stops the round: the asks made meanwhile become
 * `inputRequests`, everything known so far the new `requestState`, and nothing stays on the server.
 */
export class RoundTrip {
  /** Resolves once the handler waits on an input the client has not given (a task later, so parallel asks join it). */
  readonly blocked: Promise<typeof INPUT_REQUIRED>;
  private release!: () => void;
  private next = 0;
  private readonly pending: Ask[] = [];
  private readonly keys = new Set<string>();
  /** Asks whose digest is still being computed: the round waits for them, so asks made together travel together. */
  private digesting = 0;
  private ending = false;

  /** Subclasses answer asks their own way (a 2026-07-28 task answers them through `tasks/update`). */
  protected constructor(
    private readonly answers: Map<number, Answer>,
    private readonly responses: Record<string, unknown>,
  ) {
    this.blocked = new Promise((resolve) => {
      this.release = () => resolve(INPUT_REQUIRED);
    });
  }

  /**
   * The round trip of a request: on a retry, its `requestState` checked (sealed by this server for this method, these
   * params and this principal, not expired; else -32602) and the answers in `inputResponses` to the asks it names
   * (each checked, else -32602; missing ones are asked again). An `inputResponses` entry under the key of an ask
   * answers it too (a client may answer before being asked: it is the source of every answer anyway).
   */
  static async open(
    codec: RequestStateCodec,
    method: string,
    params: Record<string, any> | undefined,
    principal: string,
  ): Promise<RoundTrip> {
    const responses = params?.inputResponses ?? {};
    if (!isObject(responses)) throw invalid('Invalid "inputResponses": expected an object');
    const token = params?.requestState;
    if (token === undefined) return new RoundTrip(new Map(), responses);
    if (typeof token !== 'string') throw invalid('Invalid "requestState": expected the string the server sent');
    const state = await codec.open(token);
    if (!isSealed(state))
      throw invalid(
        'Invalid "requestState": not issued by this server, altered, or expired (instances of one server need the same requestState.secret)',
      );
    if (state.m !== method || state.b !== (await digest(salient(params))) || state.p !== principal)
      throw invalid('Invalid "requestState": it was issued for another request or another principal');
    const answers = new Map(state.a);
    for (const [index, asked, askedMethod, key] of state.k) {
      const response = responses[key];
      if (response !== undefined) answers.set(index, { d: asked, r: checkInputResponse(key, askedMethod, response) });
    }
    return new RoundTrip(answers, responses);
  }

  /**
   * Asks the client for an input under `key` (default `ask-<n>`; unique within the request): the earlier answer to the
   * same question, else a promise that never settles (the round ends).
   */
  ask(method: string, params: Record<string, any> | undefined, key?: string): Promise<Record<string, any>> {
    const index = this.next++;
    const name = key ?? `${KEY}${index}`;
    if (typeof name !== 'string' || name === '' || this.keys.has(name))
      return Promise.reject(
        new RpcError(ErrorCode.InternalError, `Input request key ${JSON.stringify(name)} must be a non-empty string used once per request`),
      );
    this.keys.add(name);
    this.digesting++;
    return digest([method, params ?? null, name]).then((asked) => {
      this.digesting--;
      const known = this.answers.get(index);
      if (known?.d === asked) return known.r;
      // An answer the client brought under this key without being asked (the key is the handler's to name).
      const offered = this.responses[name];
      if (offered !== undefined) return checkInputResponse(name, method, offered);
      this.pending.push({ index, key: name, method, params, digest: asked });
      this.endRound();
      return new Promise<Record<string, any>>(() => {});
    });
  }

  /**
   * Ends the round a macrotask after the first open ask, once no ask made alongside it is still being digested
   * (under load a digest can outlast one timer tick, which split `Promise.all` asks across two rounds).
   */
  private endRound(): void {
    if (this.ending) return;
    this.ending = true;
    const settle = (): void => {
      if (this.digesting > 0) setTimeout(settle, 0);
      else this.release();
    };
    setTimeout(settle, 0);
  }

  /** The InputRequiredResult of this round: the open asks as `inputRequests`, and the `requestState` a retry brings back. */
  async inputRequired(
    codec: RequestStateCodec,
    method: string,
    params: Record<string, any> | undefined,
    principal: string,
  ): Promise<Record<string, unknown>> {
    const inputRequests: Record<string, unknown> = {};
    for (const ask of this.pending)
      inputRequests[ask.key] = ask.params === undefined ? { method: ask.method } : { method: ask.method, params: ask.params };
    const sealed: Sealed = {
      m: method,
      b: await digest(salient(params)),
      p: principal,
      a: [...this.answers],
      k: this.pending.map((ask) => [ask.index, ask.digest, ask.method, ask.key]),
    };
    return { resultType: 'input_required', inputRequests, requestState: await codec.seal({ ...sealed }) };
  }
}

/** The principal a round trip is bound to: a digest of the request's Authorization header ('' without one). */
export function principalOf(headers: Headers | undefined): Promise<string> {
  const authorization = headers?.get('authorization');
  return authorization ? digest(authorization) : Promise.resolve('');
}
