import { MemoryKV, type MemoryKVOptions } from '../kv/memory';
import { KVSessionStore } from './kv-store';

/** Sessions in this process's memory (the default store): data is copied as JSON; size bound and clock as in `MemoryKV`. */
export class MemorySessionStore extends KVSessionStore {
  constructor(options: MemoryKVOptions = {}) {
    super(new MemoryKV(options), '');
  }
}
