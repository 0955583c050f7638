/** Files in PostgreSQL: metadata in stored_files, the bytes in 1 MiB rows of stored_file_chunks. */
import { Readable } from "node:stream";
import type pg from "pg";
import { assertKey, type FileStorage } from "./file-storage";

export const CHUNK_BYTES = 1024 * 1024;

export function postgresStorage(pool: pg.Pool): FileStorage {
  return {
    async put(key, body, contentType) {
      assertKey(key);
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        await client.query("DELETE FROM stored_files WHERE key = $1", [key]);
        await client.query("INSERT INTO stored_files (key, content_type, size_bytes) VALUES ($1, $2, 0)", [
          key,
          contentType,
        ]);
        let seq = 0;
        let size = 0;
        let pending: Buffer[] = [];
        let pendingBytes = 0;
        const flush = async () => {
          if (pendingBytes === 0) return;
          const data = Buffer.concat(pending, pendingBytes);
          await client.query("INSERT INTO stored_file_chunks (key, seq, data) VALUES ($1, $2, $3)", [key, seq++, data]);
          pending = [];
          pendingBytes = 0;
        };
        for await (const part of body) {
          const buffer = typeof part === "string" ? Buffer.from(part, "utf8") : Buffer.from(part);
          pending.push(buffer);
          pendingBytes += buffer.length;
          size += buffer.length;
          if (pendingBytes >= CHUNK_BYTES) await flush();
        }
        await flush();
        await client.query("UPDATE stored_files SET size_bytes = $2 WHERE key = $1", [key, size]);
        await client.query("COMMIT");
        return { sizeBytes: size };
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },

    async get(key) {
      assertKey(key);
      const head = await pool.query<{ size_bytes: string; content_type: string; chunks: number }>(
        `SELECT f.size_bytes, f.content_type, (SELECT count(*)::int FROM stored_file_chunks c WHERE c.key = f.key) AS chunks
           FROM stored_files f WHERE f.key = $1`,
        [key],
      );
      const row = head.rows[0];
      if (!row) return null;
      // One chunk in memory at a time: the download streams whatever the file's size.
      async function* chunks() {
        for (let seq = 0; seq < (row as { chunks: number }).chunks; seq++) {
          const result = await pool.query<{ data: Buffer }>(
            "SELECT data FROM stored_file_chunks WHERE key = $1 AND seq = $2",
            [key, seq],
          );
          const data = result.rows[0]?.data;
          if (!data) throw new Error(`stored file ${key} lost chunk ${seq}`);
          yield data;
        }
      }
      return { stream: Readable.from(chunks()), sizeBytes: Number(row.size_bytes), contentType: row.content_type };
    },

    async delete(key) {
      assertKey(key);
      await pool.query("DELETE FROM stored_files WHERE key = $1", [key]);
    },

    async size(key) {
      assertKey(key);
      const result = await pool.query<{ size_bytes: string }>("SELECT size_bytes FROM stored_files WHERE key = $1", [
        key,
      ]);
      return result.rows[0] ? Number(result.rows[0].size_bytes) : null;
    },
  };
}
