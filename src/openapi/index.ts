export { openapi } from './plugin';
export { collectRoutes, toOpenAPIPaths, type CollectedRoute } from './collect';
export { generateSpec, specToJSON } from './spec';
export { generatePortalHTML, type PortalOptions } from './portal';
export { exportToMarkdown } from './markdown';
export { exportToHTML } from './html-export';
export { generateTypeScriptClient } from './client-codegen';
export { schemaToType } from './schema-to-ts';
export { extractDocComments, splitDocComment, type DocCommentParts } from './doc-comments';
export type {
  OpenAPI31Document,
  OpenAPI31Operation,
  OpenAPI31Parameter,
  OpenAPI31RequestBody,
  OpenAPI31Response,
  OpenAPI31PathItem,
  OpenAPIOptions,
} from './types';
