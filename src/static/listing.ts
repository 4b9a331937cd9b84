import type { DirEntry } from './types';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** An HTML page listing a directory: folders first, names escaped and links percent-encoded. */
export function renderListing(urlPath: string, entries: DirEntry[]): string {
  const sorted = [...entries].sort((a, b) => Number(b.isDirectory) - Number(a.isDirectory) || a.name.localeCompare(b.name));
  const rows = sorted.map((e) => {
    const href = encodeURIComponent(e.name) + (e.isDirectory ? '/' : '');
    return `<li><a href="${href}">${escapeHtml(e.name)}${e.isDirectory ? '/' : ''}</a></li>`;
  });
  const title = `Index of ${escapeHtml(urlPath)}`;
  const parent = urlPath === '/' ? '' : '<li><a href="../">../</a></li>';
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><ul>${parent}${rows.join('')}</ul></body></html>`;
}
