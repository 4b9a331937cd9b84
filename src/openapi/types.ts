import type { JSONSchema } from '../core/types';

/** An OpenAPI 3.1 parameter (path, query or header). */
export interface OpenAPI31Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  deprecated?: boolean;
  schema: JSONSchema;
}

/** An OpenAPI 3.1 request body. */
export interface OpenAPI31RequestBody {
  required?: boolean;
  description?: string;
  content: Record<string, { schema: JSONSchema }>;
}

/** An OpenAPI 3.1 response. */
export interface OpenAPI31Response {
  description: string;
  content?: Record<string, { schema: JSONSchema }>;
}

/** An OpenAPI 3.1 operation (one method of one path). */
export interface OpenAPI31Operation {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  deprecated?: boolean;
  parameters?: OpenAPI31Parameter[];
  requestBody?: OpenAPI31RequestBody;
  responses: Record<string, OpenAPI31Response>;
  security?: Record<string, string[]>[];
}

/** The operations of one path, keyed by lower-case method. */
export type OpenAPI31PathItem = Partial<
  Record<'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace', OpenAPI31Operation>
>;

/** An OpenAPI 3.1 document. */
export interface OpenAPI31Document {
  openapi: '3.1.0';
  info: { title: string; version: string; description?: string };
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, OpenAPI31PathItem>;
  components?: { securitySchemes?: Record<string, Record<string, unknown>> };
  security?: Record<string, string[]>[];
}

/** Options of `openapi()` and `generateSpec()` (spec 2.1 `OpenAPIOptions`). */
export interface OpenAPIOptions {
  /** Where the JSON document is served (default `/openapi`). */
  path?: string;
  /** Where the interactive page is served (default `/docs`); `false` serves no page. */
  uiPath?: string | false;
  title?: string;
  version?: string;
  description?: string;
  /** Server URLs listed in the document (`servers`). */
  servers?: string[];
  /** Security schemes (`components.securitySchemes`), e.g. `{ bearer: { type: 'http', scheme: 'bearer' } }`. */
  securitySchemes?: Record<string, Record<string, unknown>>;
  /** Security requirements applied to every operation that sets none itself. */
  security?: Record<string, string[]>[];
  /** Doc comments by `"METHOD /path"` (see `extractDocComments`): first paragraph is the summary, the rest the description. */
  docComments?: Record<string, string>;
}
