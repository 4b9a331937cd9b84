/** RFC 6570 level 1 URI templates (`{var}` simple expansion): matching a URI and expanding values. */

/** A compiled template: the variable names in order and the matcher. */
export interface UriTemplate {
  template: string;
  variables: string[];
  match(uri: string): Record<string, string> | null;
  expand(values: Record<string, string>): string;
}

const expression = /\{([A-Za-z0-9_.%]+)\}/g;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function decode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** Compiles a level 1 template; anything but `{name}` expressions is literal text. */
export function compileUriTemplate(template: string): UriTemplate {
  const variables: string[] = [];
  let source = '^';
  let last = 0;
  for (const m of template.matchAll(expression)) {
    source += escapeRegExp(template.slice(last, m.index)) + '([^/?#]+)';
    variables.push(m[1]);
    last = m.index! + m[0].length;
  }
  source += `${escapeRegExp(template.slice(last))}$`;
  const regex = new RegExp(source);
  return {
    template,
    variables,
    match(uri) {
      const found = regex.exec(uri);
      if (found === null) return null;
      const values: Record<string, string> = {};
      for (let i = 0; i < variables.length; i++) {
        const value = decode(found[i + 1]);
        if (value === null) return null;
        values[variables[i]] = value;
      }
      return values;
    },
    expand(values) {
      return template.replace(expression, (_, name: string) => encodeURIComponent(values[name] ?? ''));
    },
  };
}
