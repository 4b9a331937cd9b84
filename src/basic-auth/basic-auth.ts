import type { Context } from '../core/context';
import { checkOptions } from '../core/options';
import type { Middleware } from '../core/types';
import { authError, challenge } from '../bearer-auth/challenge';
import { digest, sameDigest } from '../bearer-auth/timing-safe';
import { parseBasic } from './credentials';
import { matchesHash, parsePasswordHash, type PasswordHash } from './password-hash';

declare module '../core/context' {
  interface Context<Env, State> {
    /** The user-id `basicAuth()` accepted for this request. */
    basicAuthUser: string;
  }
}

/** One account of `basicAuth({ users })`: a password, or a `passwordHash` made by `hashPassword()`. */
export interface BasicAuthUser {
  username: string;
  password?: string;
  passwordHash?: string;
}

/** Options of `basicAuth()`: accounts (`username`/`password`, `users`) or a `verify` function, not both. */
export interface BasicAuthOptions {
  /** One account's user-id (with `password`), added to `users`. */
  username?: string;
  password?: string;
  /** The accounts; each with `password` or `passwordHash`. */
  users?: BasicAuthUser[];
  /** Decides whether a user-id and password are valid (your user store, bcrypt, argon2…). */
  verify?: (username: string, password: string, ctx: Context) => boolean | Promise<boolean>;
  /** The `realm` of the `WWW-Authenticate` challenge (default `Secure Area`). */
  realm?: string;
  /** The header holding the credentials (default `Authorization`; `X-Forwarded-Authorization` behind some proxies). */
  headerName?: string;
}

const keys: Record<keyof BasicAuthOptions, true> = {
  username: true,
  password: true,
  users: true,
  verify: true,
  realm: true,
  headerName: true,
};
const userKeys: Record<keyof BasicAuthUser, true> = { username: true, password: true, passwordHash: true };

/** An account ready to compare: digests of its user-id and password, or its parsed password hash. */
interface Account {
  username: Uint8Array;
  password: Uint8Array | null;
  hash: PasswordHash | null;
}

function accountsOf(options: BasicAuthOptions): BasicAuthUser[] {
  const users = [...(options.users ?? [])];
  if (options.username !== undefined || options.password !== undefined)
    users.unshift({ username: options.username as string, password: options.password });
  return users;
}

function checkUser(user: BasicAuthUser, i: number): void {
  const where = `basicAuth(): users[${i}]`;
  checkOptions(where, user, userKeys);
  if (typeof user.username !== 'string' || user.username.includes(':'))
    throw new TypeError(`${where}: username must be a string without ":" (RFC 7617), got ${JSON.stringify(user.username)}`);
  if ((user.password === undefined) === (user.passwordHash === undefined))
    throw new TypeError(`${where}: give either password or passwordHash (from hashPassword()), exactly one`);
  if (user.password !== undefined && typeof user.password !== 'string') throw new TypeError(`${where}: password must be a string`);
}

function checkBasicOptions(options: BasicAuthOptions, users: BasicAuthUser[]): void {
  checkOptions('basicAuth()', options, keys);
  if ((options.username === undefined) !== (options.password === undefined))
    throw new TypeError('basicAuth(): `username` and `password` go together (or list accounts in `users`)');
  if (options.users !== undefined && !Array.isArray(options.users))
    throw new TypeError('basicAuth(): `users` must be an array of { username, password }');
  if (options.verify !== undefined && typeof options.verify !== 'function')
    throw new TypeError(`basicAuth(): \`verify\` must be a function (username, password, ctx) => boolean, got ${typeof options.verify}`);
  if ((users.length === 0) === (options.verify === undefined))
    throw new TypeError('basicAuth(): give accounts (`username` and `password`, or `users`) or a `verify` function, exactly one of them');
  if (options.realm !== undefined && typeof options.realm !== 'string') throw new TypeError('basicAuth(): `realm` must be a string');
  if (options.headerName !== undefined && (typeof options.headerName !== 'string' || options.headerName === ''))
    throw new TypeError('basicAuth(): `headerName` must be a non-empty string');
  users.forEach(checkUser);
}

async function prepare(users: BasicAuthUser[]): Promise<Account[]> {
  return Promise.all(
    users.map(async (user) => ({
      username: await digest(user.username),
      password: user.password === undefined ? null : await digest(user.password),
      hash: user.passwordHash === undefined ? null : parsePasswordHash(user.passwordHash, 'basicAuth()'),
    })),
  );
}

/**
 * HTTP Basic authentication (RFC 7617): missing, malformed or wrong credentials get 401 with
 * `WWW-Authenticate: Basic realm="…", charset="UTF-8"`; accepted ones go on with `ctx.basicAuthUser` set. Accounts
 * are compared as SHA-256 digests in constant time, every account each time; `passwordHash` accounts with PBKDF2.
 */
export function basicAuth(options: BasicAuthOptions): Middleware {
  const users = accountsOf(options);
  checkBasicOptions(options, users);
  for (const user of users) if (user.passwordHash !== undefined) parsePasswordHash(user.passwordHash, 'basicAuth()');
  const accounts = users.length === 0 ? null : prepare(users);
  const verify = options.verify;
  const headerName = options.headerName ?? 'authorization';
  const refusal = challenge('Basic', { realm: options.realm ?? 'Secure Area', charset: 'UTF-8' });

  const accepted = async (username: string, password: string, ctx: Context): Promise<boolean> => {
    if (verify !== undefined) return (await verify(username, password, ctx)) === true;
    const [name, secret] = await Promise.all([digest(username), digest(password)]);
    let found = false;
    for (const account of (await accounts) as Account[]) {
      const sameName = sameDigest(account.username, name);
      if (account.password !== null) found = (sameName && sameDigest(account.password, secret)) || found;
      else if (sameName && account.hash !== null) found = (await matchesHash(password, account.hash)) || found;
    }
    return found;
  };

  return async (ctx, next) => {
    const credentials = parseBasic(ctx.header(headerName));
    if (credentials === null || !(await accepted(credentials.username, credentials.password, ctx)))
      throw authError(401, 'Authentication required', 'UNAUTHORIZED', refusal);
    ctx.basicAuthUser = credentials.username;
    return next();
  };
}
