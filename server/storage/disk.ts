/** Files on a local directory (STORAGE_DRIVER=disk): written to a temporary name, then renamed. */
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertKey, type FileStorage } from "./file-storage";

export function diskStorage(root: string): FileStorage {
  const file = (key: string) => {
    assertKey(key);
    return path.join(path.resolve(root), key);
  };
  const meta = (key: string) => `${file(key)}.type`;
  const size = async (key: string) => {
    try {
      return (await stat(file(key))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  };

  return {
    async put(key, body, contentType) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await pipeline(Readable.from(body), createWriteStream(temporary));
        await writeFile(meta(key), contentType);
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return { sizeBytes: (await stat(target)).size };
    },

    async get(key) {
      const target = file(key);
      const sizeBytes = await size(key);
      if (sizeBytes === null) return null;
      const contentType = await readFile(meta(key), "utf8").catch(() => "application/octet-stream");
      return { stream: createReadStream(target), sizeBytes, contentType };
    },

    async delete(key) {
      await rm(file(key), { force: true });
      await rm(meta(key), { force: true });
    },

    size,
  };
}
