/** A JWKS server on 127.0.0.1 (fw/node) whose keys, answer and fetch count a test controls. */
import { Fw } from 'fw';
import { serve, type NodeServer } from 'fw/node';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';

/** A signing key with its public JWK (kid set). */
export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  jwk: JWK;
}

/** Makes an ES256 key pair named `kid`. */
export async function signingKey(kid: string, alg = 'ES256'): Promise<SigningKey> {
  const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true });
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' } };
}

/** A token signed by `key`, its header naming the key's kid. */
export function tokenFrom(key: SigningKey, claims: Record<string, unknown> = { sub: 'user-1' }, alg = 'ES256'): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg, kid: key.kid }).sign(key.privateKey);
}

/** The running server: `keys` and `mode` may be changed between requests; `fetches` counts JWKS requests. */
export interface JwksServer {
  url: string;
  keys: JWK[];
  mode: 'ok' | 'error' | 'missing' | 'hang' | 'garbage' | 'no-keys';
  fetches: number;
  stop(): Promise<void>;
}

/** Starts the server on a free port of 127.0.0.1. */
export async function startJwksServer(keys: JWK[]): Promise<JwksServer> {
  const state: JwksServer = { url: '', keys, mode: 'ok', fetches: 0, stop: async () => undefined };
  const app = new Fw({ logErrors: false });
  app.get('/.well-known/jwks.json', async () => {
    state.fetches++;
    if (state.mode === 'error') return new Response('down', { status: 500 });
    if (state.mode === 'missing') return new Response('not here', { status: 404 });
    if (state.mode === 'no-keys') return { items: [] };
    if (state.mode === 'garbage') return new Response('<html>', { headers: { 'content-type': 'application/json' } });
    if (state.mode === 'hang') await new Promise((resolve) => setTimeout(resolve, 1500));
    return { keys: state.keys };
  });
  const server: NodeServer = await serve(app, { port: 0, hostname: '127.0.0.1' });
  state.url = `http://127.0.0.1:${server.port}/.well-known/jwks.json`;
  state.stop = () => server.stop();
  return state;
}
