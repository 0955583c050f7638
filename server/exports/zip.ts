/**
 * Several files in one zip, streamed (fflate): each file's chunks are compressed as they arrive
 * and the zip's bytes go out as they are made, so a large file is never held whole.
 */
import { Zip, ZipDeflate } from "fflate";

export type ZipEntry = { name: string; chunks: AsyncIterable<string | Uint8Array> };

export async function* zipStream(entries: readonly ZipEntry[]): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, data) => {
    if (error) failure = error;
    else out.push(data);
  });
  const drain = function* () {
    if (failure) throw failure;
    yield* out.splice(0);
  };
  for (const entry of entries) {
    const file = new ZipDeflate(entry.name, { level: 6 });
    zip.add(file);
    for await (const chunk of entry.chunks) {
      file.push(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
      yield* drain();
    }
    file.push(new Uint8Array(0), true);
    yield* drain();
  }
  zip.end();
  yield* drain();
}
