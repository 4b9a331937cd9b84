/** Type-checked helpers: a typed message translator and a response-schema validator. */
export { createTypedTranslator, type TypedTranslator, type Placeholders, type MessageParams } from './translator';
export { createResponseValidator, type ResponseValidatorOptions } from './response-validator';
