const unsafe = /[\u0000-\u001f"\\\u2028\u2029\ud800-\udfff]/;
const lineSeparators = /[\u2028\u2029]/g;

function escapeLineSeparator(char: string): string {
  return char === '\u2028' ? '\\u2028' : '\\u2029';
}

function quoteSlow(text: string): string {
  return JSON.stringify(text).replace(lineSeparators, escapeLineSeparator);
}

/**
 * Quotes a string as a JSON string literal. Plain text (the common case) is wrapped without copying
 * character by character; anything with quotes, backslashes, control characters, surrogates or
 * U+2028/2029 goes through `JSON.stringify` (which escapes lone surrogates) and then has the two line
 * separators escaped too, so the output is also safe inside a `<script>` block.
 */
export function quoteJSONString(text: string): string {
  const length = text.length;
  if (length < 42) {
    for (let i = 0; i < length; i++) {
      const c = text.charCodeAt(i);
      if (c < 32 || c === 34 || c === 92 || (c >= 0xd800 && c <= 0xdfff) || c === 0x2028 || c === 0x2029) return quoteSlow(text);
    }
    return '"' + text + '"';
  }
  return unsafe.test(text) ? quoteSlow(text) : '"' + text + '"';
}
