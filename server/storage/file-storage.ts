/** What a storage driver is (server/storage/disk.ts, server/storage/postgres.ts), without choosing one. */
import type { Readable } from "node:stream";

export type StoredObject = { stream: Readable; sizeBytes: number; contentType: string };
/** A stored file with the name it is offered under. */
export type NamedFile = StoredObject & { fileName: string };

export interface FileStorage {
  /** Writes the whole body under `key`, replacing any file there; atomic (all or nothing). */
  put(
    key: string,
    body: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
    contentType: string,
  ): Promise<{ sizeBytes: number }>;
  /** A stream of the file, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  /** Size in bytes, or null when there is no such file. */
  size(key: string): Promise<number | null>;
}

const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

/** Keys are ours, never a caller's; still, refuse anything that could leave the storage root. */
export function assertKey(key: string): void {
  if (!KEY.test(key) || key.includes("..")) throw new Error(`invalid storage key: ${key}`);
}
