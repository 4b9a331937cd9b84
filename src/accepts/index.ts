export { accepts, acceptsFor, type AcceptsOptions, type AcceptHeader } from './accepts';
export { preferredMediaTypes, preferredCharsets, preferredEncodings, preferredLanguages } from './preferred';
