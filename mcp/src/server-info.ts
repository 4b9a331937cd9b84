import { checkIcons, isUrl } from './icons';
import type { MCPServerOptions } from './types';

function optionalText(name: string, value: unknown): void {
  if (value !== undefined && (typeof value !== 'string' || value === ''))
    throw new TypeError(`The server option "${name}" must be a non-empty string`);
}

/** `serverInfo` of `initialize` (the 2025-11-25 `Implementation`) from the options, checked: a bad field throws naming it. */
export function serverInfoOf(options: MCPServerOptions): Record<string, unknown> {
  const info: Record<string, unknown> = { name: options.name ?? 'fw-mcp', version: options.version ?? '1.0.0' };
  optionalText('name', options.name);
  optionalText('version', options.version);
  optionalText('title', options.title);
  optionalText('description', options.description);
  checkIcons('The server', options.icons);
  if (options.websiteUrl !== undefined && !isUrl(options.websiteUrl, new Set(['https:', 'http:']))) {
    throw new TypeError(`The server option "websiteUrl" must be an https: or http: URL, got ${JSON.stringify(options.websiteUrl)}`);
  }
  for (const field of ['title', 'description', 'icons', 'websiteUrl'] as const)
    if (options[field] !== undefined) info[field] = options[field];
  return info;
}
