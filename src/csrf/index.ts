export { csrf } from './csrf';
export { csrfToken } from './csrf-token';
export type { CsrfOptions, CsrfTokenOptions } from './csrf-options';
export type { CsrfOrigin, CsrfSecFetchSite, SecFetchSite } from './origin-check';
