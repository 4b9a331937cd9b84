export { contextStorage, type ContextStorage, type ContextStorageOptions } from './context-storage';
export type { AsyncLocalStorageClass, AsyncLocalStorageLike } from './async-local-storage';
