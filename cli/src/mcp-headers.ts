/**
 * The `--header "Name: value"` flags of `fw mcp`, with `${VAR}` read from the environment: a desktop client starts
 * the command without a shell and sets the token in its config's `env`, so fw fills the variable in itself.
 */
import { CliUsageError } from './io';

const variable = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * The headers every stdio tool call carries, from `--header` values. A variable that is unset or empty, a value
 * without `Name:`, or a name or value HTTP refuses fails at startup, naming the flag: never a "Bearer undefined".
 */
export function stdioHeaders(values: string[], env: Record<string, string | undefined>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const raw of values) {
    const colon = raw.indexOf(':');
    const name = colon > 0 ? raw.slice(0, colon).trim() : '';
    if (name === '')
      throw new CliUsageError(`fw mcp: --header "${raw}" needs the form "Name: value", e.g. "Authorization: Bearer \${API_TOKEN}"`);
    const value = raw
      .slice(colon + 1)
      .trim()
      .replace(variable, (_, key: string) => {
        const found = env[key];
        if (found === undefined || found === '')
          throw new CliUsageError(
            `fw mcp: --header ${name} uses \${${key}}, which is not set: add ${key} to the "env" of this server in the MCP client's config`,
          );
        return found;
      });
    try {
      new Headers({ [name]: value });
    } catch {
      throw new CliUsageError(`fw mcp: --header ${name} is not a valid HTTP header (name or value holds characters HTTP refuses)`);
    }
    headers[name.toLowerCase()] = value;
  }
  return headers;
}
