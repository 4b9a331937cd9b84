import type { KVStore } from 'fw';
import { MemoryStore } from '../memory-store';
import { ErrorCode, RpcError } from '../jsonrpc';
import { isTerminal, type Task, type TaskRecord, type TasksOptions } from './types';

const PREFIX = 'mcp:task:';
/** Workers KV refuses expirations under 60 s; a record outlives its ttl by at most that and is refused on read. */
const MIN_KV_TTL_SECONDS = 60;

/** The settings the store needs. */
export interface TaskStoreSettings {
  defaultTtlMs: number;
  maxTtlMs: number;
  pollIntervalMs: number;
}

/** A page of tasks and the cursor of the next one. */
export interface TaskPage {
  tasks: TaskRecord[];
  nextCursor?: string;
}

function keyOf(owner: string, taskId: string): string {
  return `${PREFIX}${owner}:${taskId}`;
}

function expired(record: TaskRecord, now: number): boolean {
  return Date.parse(record.createdAt) + record.ttl <= now;
}

function decodeCursor(cursor: unknown): string | null {
  if (cursor === undefined || cursor === null) return null;
  if (typeof cursor === 'string' && cursor !== '') {
    try {
      const text = atob(cursor);
      if (text.startsWith('t:') && /^[0-9a-f-]{36}$/.test(text.slice(2))) return text.slice(2);
    } catch {
      /* refused below */
    }
  }
  throw new RpcError(ErrorCode.InvalidParams, 'Invalid cursor: expected a nextCursor returned by tasks/list');
}

/** The client-facing fields of a stored task. */
export function taskView(record: TaskRecord): Task {
  const { taskId, status, statusMessage, createdAt, lastUpdatedAt, ttl, pollInterval } = record;
  return statusMessage === undefined
    ? { taskId, status, createdAt, lastUpdatedAt, ttl, pollInterval }
    : { taskId, status, statusMessage, createdAt, lastUpdatedAt, ttl, pollInterval };
}

/**
 * Tasks in a `KVStore` under `mcp:task:<owner>:<taskId>`, expiring with their ttl, so a task created on one
 * instance is read, waited for and cancelled from any other sharing the store. A record is found only under its
 * owner's key: another client's task is "not found". Updates never leave a final status.
 */
export class TaskStore {
  constructor(
    private readonly kv: KVStore,
    readonly settings: TaskStoreSettings,
  ) {}

  /** Starts a `working` task for `owner`; `requestedTtl` (ms, from `task.ttl`) is cut to the maximum; `extension` marks a 2026-07-28 one. */
  async create(owner: string, requestedTtl: number | undefined, extension = false): Promise<TaskRecord> {
    const now = new Date().toISOString();
    const ttl = Math.min(requestedTtl ?? this.settings.defaultTtlMs, this.settings.maxTtlMs);
    const record: TaskRecord = {
      taskId: crypto.randomUUID(),
      owner,
      status: 'working',
      createdAt: now,
      lastUpdatedAt: now,
      ttl,
      pollInterval: this.settings.pollIntervalMs,
    };
    if (extension) record.extension = true;
    await this.write(record);
    return record;
  }

  /** The owner's task, or null when absent, expired or another client's. */
  async get(owner: string, taskId: string): Promise<TaskRecord | null> {
    if (!/^[0-9a-f-]{36}$/.test(taskId)) return null;
    const text = await this.kv.get(keyOf(owner, taskId));
    if (text === null) return null;
    let record: TaskRecord;
    try {
      record = JSON.parse(text);
    } catch {
      return null;
    }
    if (record?.taskId !== taskId || expired(record, Date.now())) return null;
    return record;
  }

  /** Applies `change` unless the task is gone or already final; returns the new record, or null when nothing changed. */
  async update(
    owner: string,
    taskId: string,
    change: Pick<TaskRecord, 'status'> & Partial<Pick<TaskRecord, 'statusMessage' | 'outcome'>>,
  ): Promise<TaskRecord | null> {
    const current = await this.get(owner, taskId);
    if (current === null || isTerminal(current.status) || (current.status === change.status && change.outcome === undefined)) return null;
    const next: TaskRecord = { ...current, ...change, lastUpdatedAt: new Date().toISOString() };
    if (change.statusMessage === undefined) delete next.statusMessage;
    await this.write(next);
    return next;
  }

  /**
   * Rewrites the owner's task as `change` makes it from the current record, unless the task is gone or already final
   * (or `change` returns null); returns the new record, or null when nothing changed.
   */
  async modify(owner: string, taskId: string, change: (current: TaskRecord) => TaskRecord | null): Promise<TaskRecord | null> {
    const current = await this.get(owner, taskId);
    if (current === null || isTerminal(current.status)) return null;
    const next = change(current);
    if (next === null) return null;
    const written: TaskRecord = { ...next, lastUpdatedAt: new Date().toISOString() };
    await this.write(written);
    return written;
  }

  /** One page of the owner's live tasks, in task id order; the cursor is the last id seen. */
  async list(owner: string, cursor: unknown, pageSize: number): Promise<TaskPage> {
    const after = decodeCursor(cursor);
    const prefix = `${PREFIX}${owner}:`;
    const ids = (await this.kv.list({ prefix })).map((key) => key.slice(prefix.length)).filter((id) => after === null || id > after);
    const tasks: TaskRecord[] = [];
    let last: string | null = null;
    for (const id of ids) {
      if (tasks.length === pageSize) return { tasks, nextCursor: btoa(`t:${last}`) };
      const record = await this.get(owner, id);
      last = id;
      if (record !== null) tasks.push(record);
    }
    return { tasks };
  }

  private async write(record: TaskRecord): Promise<void> {
    const remaining = Date.parse(record.createdAt) + record.ttl - Date.now();
    await this.kv.put(keyOf(record.owner, record.taskId), JSON.stringify(record), {
      ttl: Math.max(MIN_KV_TTL_SECONDS, Math.ceil(remaining / 1000)),
    });
  }
}

function positive(value: number | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!(typeof value === 'number' && value > 0 && Number.isFinite(value)))
    throw new TypeError(`tasks.${name} must be a positive number of milliseconds, got ${String(value)}`);
  return value;
}

/** The task store the `tasks` options describe (a bad lifetime or interval fails here, at startup). */
export function openTaskStore(options: TasksOptions = {}): TaskStore {
  return new TaskStore(options.store ?? new MemoryStore(), {
    defaultTtlMs: positive(options.defaultTtlMs, 'defaultTtlMs', 3_600_000),
    maxTtlMs: positive(options.maxTtlMs, 'maxTtlMs', 86_400_000),
    pollIntervalMs: positive(options.pollIntervalMs, 'pollIntervalMs', 1000),
  });
}
