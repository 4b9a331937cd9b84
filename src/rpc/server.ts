import type { Context } from '../core/context';
import type { Fw } from '../core/fw';
import { isServerAction, type RPCActions } from './action';

/** Options of `rpc()`. */
export interface RPCOptions {
  /** Path prefix of the endpoints (default `/rpc`): action `createUser` answers `POST /rpc/createUser`. */
  prefix?: string;
  /** OpenAPI tags of the endpoints (default `['rpc']`). */
  tags?: string[];
  /** Leave the endpoints out of the OpenAPI document. */
  hidden?: boolean;
}

const actionName = /^[A-Za-z_$][\w$]*$/;

function cleanPrefix(prefix: string): string {
  if (typeof prefix !== 'string' || !prefix.startsWith('/'))
    throw new TypeError(`rpc(): "prefix" must start with "/" (got ${JSON.stringify(prefix)})`);
  return prefix.replace(/\/+$/, '');
}

/** Reads the call's input: the validated body when the action has a schema, else the JSON body (undefined when empty). */
async function inputOf(ctx: Context, validated: boolean): Promise<unknown> {
  if (validated) return ctx.body();
  const text = await ctx.bodyText();
  return text.trim() === '' ? undefined : ctx.json();
}

/**
 * Mounts each action as `POST <prefix>/<name>`: the JSON body is validated against the action's schema (a 400 with
 * the validation errors otherwise) and handed to the handler; what it returns is answered as JSON.
 */
export function rpc<A extends RPCActions>(app: Fw, actions: A, options: RPCOptions = {}): A {
  const prefix = cleanPrefix(options.prefix ?? '/rpc');
  for (const [name, action] of Object.entries(actions)) {
    if (!actionName.test(name)) throw new TypeError(`rpc(): action name "${name}" must be an identifier (letters, digits, _ and $)`);
    if (!isServerAction(action)) throw new TypeError(`rpc(): "${name}" is not a serverAction(schema, handler)`);
    const validated = action.schema !== undefined;
    app.post(
      `${prefix}/${name}`,
      async (ctx: Context) => {
        const result = await action.handler(await inputOf(ctx, validated), ctx);
        if (result instanceof Response) return result;
        return ctx.jsonResponse(result === undefined ? null : result);
      },
      {
        schema: validated ? { body: action.schema } : undefined,
        tags: options.tags ?? ['rpc'],
        summary: `RPC action ${name}`,
        operationId: `rpc_${name}`,
        hidden: options.hidden,
      },
    );
  }
  return actions;
}
