/** Serializes element props to an HTML attribute string (class/for aliases, style objects, boolean attributes). */
import { assertName, escapeHTML } from './escape';

const skipped = new Set(['children', 'key', 'dangerouslySetInnerHTML']);
const aliases: Record<string, string> = { className: 'class', htmlFor: 'for' };

function styleText(style: Record<string, unknown>): string {
  let text = '';
  for (const [name, value] of Object.entries(style)) {
    if (value === null || value === undefined || value === false) continue;
    const property = name.startsWith('--') ? name : name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    text += `${property}:${String(value)};`;
  }
  return text;
}

function attributeValue(name: string, value: unknown): string | null {
  if (value === null || value === undefined || value === false) return null;
  if (value === true) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return value.filter((v) => v !== null && v !== undefined && v !== false && v !== '').join(' ');
  if (name === 'style' && typeof value === 'object') return styleText(value as Record<string, unknown>);
  throw new TypeError(`JSX: attribute ${name} cannot be ${typeof value === 'function' ? 'a function' : 'an object'} when rendered to HTML`);
}

/** The ` name="value"` string of an element's props; event handlers (`on*` functions) are left out of server HTML. */
export function renderAttributes(props: Record<string, unknown>): string {
  let html = '';
  for (const key in props) {
    if (skipped.has(key)) continue;
    const value = props[key];
    if (typeof value === 'function' && /^on[A-Z]/.test(key)) continue;
    const name = aliases[key] ?? key;
    assertName('attribute', name);
    const text = attributeValue(name, value);
    if (text === null) continue;
    html += text === '' && value === true ? ` ${name}` : ` ${name}="${escapeHTML(text)}"`;
  }
  return html;
}
