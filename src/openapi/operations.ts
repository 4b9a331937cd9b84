import type { OpenAPI31Document, OpenAPI31Operation } from './types';

/** One operation of a document with its method, path and first tag. */
export interface ListedOperation {
  method: string;
  path: string;
  tag: string;
  operation: OpenAPI31Operation;
}

const methods = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace'] as const;

/** The operations of a document grouped by first tag (`default` when untagged), tags in first-seen order. */
export function operationsByTag(doc: OpenAPI31Document): Map<string, ListedOperation[]> {
  const groups = new Map<string, ListedOperation[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of methods) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'default';
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push({ method: method.toUpperCase(), path, tag, operation });
    }
  }
  return groups;
}
