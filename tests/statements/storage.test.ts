import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { pool } from "../../server/db/pool";
import { diskStorage } from "../../server/storage/disk";
import type { FileStorage } from "../../server/storage/index";
import { CHUNK_BYTES, postgresStorage } from "../../server/storage/postgres";

async function read(storage: FileStorage, key: string) {
  const file = await storage.get(key);
  if (!file) return null;
  const parts: Buffer[] = [];
  for await (const part of file.stream) parts.push(part as Buffer);
  return { ...file, body: Buffer.concat(parts) };
}

async function* pieces(data: Buffer, size = 64 * 1024) {
  for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size);
}

const directory = await mkdtemp(path.join(os.tmpdir(), "storage-test-"));
afterAll(() => rm(directory, { recursive: true, force: true }));

describe.each([
  ["postgres", () => postgresStorage(pool())],
  ["disk", () => diskStorage(directory)],
])("%s storage", (_name, make) => {
  it("stores, streams back, sizes, replaces and deletes a file larger than a chunk", async () => {
    const storage = make();
    const key = `tests/${randomBytes(6).toString("hex")}.bin`;
    const data = randomBytes(CHUNK_BYTES * 2 + 12_345);
    expect(await storage.put(key, pieces(data), "application/octet-stream")).toEqual({ sizeBytes: data.length });
    expect(await storage.size(key)).toBe(data.length);
    const file = await read(storage, key);
    expect(file?.contentType).toBe("application/octet-stream");
    expect(file?.sizeBytes).toBe(data.length);
    expect(file?.body.equals(data)).toBe(true);

    await storage.put(key, pieces(Buffer.from("short")), "text/plain");
    expect((await read(storage, key))?.body.toString()).toBe("short");

    await storage.delete(key);
    expect(await storage.size(key)).toBeNull();
    expect(await storage.get(key)).toBeNull();
  });

  it("keeps the previous file when a write fails half-way", async () => {
    const storage = make();
    const key = `tests/${randomBytes(6).toString("hex")}.txt`;
    await storage.put(key, pieces(Buffer.from("first")), "text/plain");
    async function* broken() {
      yield Buffer.alloc(CHUNK_BYTES + 1);
      throw new Error("source failed");
    }
    await expect(storage.put(key, broken(), "text/plain")).rejects.toThrow("source failed");
    expect((await read(storage, key))?.body.toString()).toBe("first");
  });

  it("refuses keys that could leave the storage root", async () => {
    const storage = make();
    for (const key of ["../etc/passwd", "/abs", "a/../../b", "UPPER"]) {
      await expect(storage.size(key), key).rejects.toThrow("invalid storage key");
    }
  });
});
