export type FileAnswer = {
  /** The whole file, or its chunks as they are read or made (a stream is an async iterable). */
  body: Uint8Array | AsyncIterable<Uint8Array | string>;
  contentType: string;
  fileName: string;
  /** `inline` to show it in the browser, `attachment` to save it. */
  disposition: "inline" | "attachment";
  sizeBytes?: number;
};

/** The file name as plain ASCII for old clients and in UTF-8 (RFC 6266) for the others. */
function dispositionOf(kind: FileAnswer["disposition"], fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  if (ascii === fileName) return `${kind}; filename="${fileName}"`;
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Pulled chunk by chunk, so a slow reader holds back the source; a cancelled download stops it. */
function streamOf(chunks: AsyncIterable<Uint8Array | string>): ReadableStream<Uint8Array> {
  const iterator = chunks[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(typeof next.value === "string" ? encoder.encode(next.value) : next.value);
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/** A private file: never cached, never sniffed into another type by the browser. */
export function fileResponse(file: FileAnswer): Response {
  const whole = file.body instanceof Uint8Array ? file.body : null;
  const size = file.sizeBytes ?? whole?.byteLength;
  return new Response(whole ? new Uint8Array(whole) : streamOf(file.body as AsyncIterable<Uint8Array | string>), {
    status: 200,
    headers: {
      "content-type": file.contentType,
      ...(size === undefined ? {} : { "content-length": String(size) }),
      "content-disposition": dispositionOf(file.disposition, file.fileName),
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
