/**
 * File storage: one small interface with two drivers. PostgreSQL is the default, so any web
 * process on any machine can serve any file with no extra service; STORAGE_DRIVER=disk keeps
 * files under STORAGE_DIR instead. Statements use it today; MED evidence and KYC documents next.
 */
import { config } from "../config";
import { pool } from "../db/pool";
import { diskStorage } from "./disk";
import type { FileStorage } from "./file-storage";
import { postgresStorage } from "./postgres";

export type { FileStorage, NamedFile, StoredObject } from "./file-storage";

let instance: FileStorage | undefined;

export function storage(): FileStorage {
  if (!instance) {
    const { STORAGE_DRIVER, STORAGE_DIR } = config();
    instance = STORAGE_DRIVER === "disk" ? diskStorage(STORAGE_DIR) : postgresStorage(pool());
  }
  return instance;
}

/** Tests switch drivers between cases. */
export function resetStorageForTests(): void {
  instance = undefined;
}
