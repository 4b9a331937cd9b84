import type { FileStat } from './types';

/** A file held in memory with what is needed to answer for it. */
export interface CachedFile {
  bytes: Uint8Array<ArrayBuffer>;
  stat: FileStat;
  etag: string;
  /** Until this time (ms) the entry is served without checking the disk. */
  trustedUntil: number;
}

/** Limits of the small-file cache (spec part 8: 128 KiB per file, 512 entries, 16 MiB in all). */
export interface FileCacheLimits {
  maxFileSize: number;
  maxEntries: number;
  maxBytes: number;
}

/** A least-recently-used map of file path to contents, bounded by entry count and total bytes. */
export class FileCache {
  private readonly entries = new Map<string, CachedFile>();
  private bytes = 0;
  readonly limits: FileCacheLimits;

  constructor(limits: FileCacheLimits) {
    this.limits = limits;
  }

  /** The entry for a path (now the most recently used), or undefined. */
  get(path: string): CachedFile | undefined {
    const entry = this.entries.get(path);
    if (entry !== undefined) {
      this.entries.delete(path);
      this.entries.set(path, entry);
    }
    return entry;
  }

  /** Whether a file of this size may be cached at all. */
  fits(size: number): boolean {
    return size <= this.limits.maxFileSize && size <= this.limits.maxBytes;
  }

  /** Stores an entry, evicting the least recently used until every limit holds. */
  set(path: string, entry: CachedFile): void {
    if (!this.fits(entry.bytes.byteLength)) return;
    this.delete(path);
    this.entries.set(path, entry);
    this.bytes += entry.bytes.byteLength;
    while (this.entries.size > this.limits.maxEntries || this.bytes > this.limits.maxBytes) {
      this.delete(this.entries.keys().next().value!);
    }
  }

  /** Drops an entry. */
  delete(path: string): void {
    const entry = this.entries.get(path);
    if (entry === undefined) return;
    this.entries.delete(path);
    this.bytes -= entry.bytes.byteLength;
  }

  /** Entry count and bytes held. */
  stats(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}
