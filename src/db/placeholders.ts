/**
 * Rewrites `?` placeholders as postgres `$1, $2, ...`, leaving question marks inside string literals, quoted
 * identifiers, dollar-quoted bodies and comments alone; `??` stands for a literal `?` (the jsonb operator).
 * Hand-written: the SQL splitters on npm find statements but do not renumber placeholders.
 */
export function toDollarPlaceholders(sql: string): string {
  if (!sql.includes('?')) return sql;
  let out = '';
  let n = 0;
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i];
    const end = skipQuoted(sql, i);
    if (end > i) {
      out += sql.slice(i, end);
      i = end;
    } else if (ch === '?') {
      if (sql[i + 1] === '?') {
        out += '?';
        i += 2;
      } else {
        out += `$${++n}`;
        i++;
      }
    } else {
      out += ch;
      i++;
    }
  }
  return out;
}

/** The index after a literal, identifier, comment or dollar-quoted body starting at `i`, or `i` when none starts there. */
function skipQuoted(sql: string, i: number): number {
  const ch = sql[i];
  if (ch === "'" || ch === '"') {
    const escapes = ch === "'" && (sql[i - 1] === 'E' || sql[i - 1] === 'e') && !/\w/.test(sql[i - 2] ?? '');
    let j = i + 1;
    while (j < sql.length) {
      if (escapes && sql[j] === '\\') j += 2;
      else if (sql[j] === ch && sql[j + 1] === ch) j += 2;
      else if (sql[j] === ch) return j + 1;
      else j++;
    }
    return sql.length;
  }
  if (ch === '-' && sql[i + 1] === '-') {
    const nl = sql.indexOf('\n', i);
    return nl === -1 ? sql.length : nl;
  }
  if (ch === '/' && sql[i + 1] === '*') {
    const close = sql.indexOf('*/', i + 2);
    return close === -1 ? sql.length : close + 2;
  }
  if (ch === '$') {
    const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i, i + 64));
    if (tag && !/\w/.test(sql[i - 1] ?? '')) {
      const close = sql.indexOf(tag[0], i + tag[0].length);
      return close === -1 ? sql.length : close + tag[0].length;
    }
  }
  return i;
}
