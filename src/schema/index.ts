/** `fw/schema`: the route schema compilers (JSON Schema, which `fw`'s `Fw` presets, and Standard Schema) and JSON Schema validation, coercion and serialization. */
export { jsonSchemaCompiler } from './compiler';
export { createJsonSchemaCompiler, type JsonSchemaCompilerParts } from './json-schema-compiler';
export { schemaProblems as metaSchemaProblems, type SchemaProblem } from './meta-check';
export { compileQuickCheck } from './quick-check';
export { standardSchemaCompiler } from './standard-compiler';
export {
  validate,
  validateAndCoerce,
  createValidator,
  createCoercingValidator,
  ValidationException,
  type ValidationError,
  type ValidationResult,
} from './validation';
export { coerce, schemaHasDefaults } from './coerce';
export { compileSerializer, resetSerializerCache, type Serializer } from './serializer';
export {
  compileResponseSerializer,
  compileObjectSerializer,
  wrapWithResponseSerializer,
  type ResponseSerializeOptions,
} from './response-serializer';
export { serializeForCache, deserializeFromCache } from './cache-codec';
export { registerYamlFormat } from './yaml-format';
export { quoteJSONString } from './json-string';
export { jsonSchemaOf } from './standard-json-schema';
export { isStandardSchema, type StandardSchemaV1 } from './standard-schema';
