/**
 * A payment page's live status as a server-sent events stream: the current status at once, each
 * change as the watch loop sees it (server/payment-pages/watch.ts), a comment every 15 s so
 * proxies keep the connection, and the end once the status is final (paid, expired, cancelled).
 */
import type { PageStatus } from "./view";
import { watchPage } from "./watch";

const KEEPALIVE_MS = 15_000;

const isFinal = (status: PageStatus) => status !== "open";

export function statusEvent(status: PageStatus): string {
  return `event: status\ndata: ${JSON.stringify({ status })}\n\n`;
}

export function liveStatusStream(publicId: string, current: PageStatus, signal: AbortSignal): Response {
  const encoder = new TextEncoder();
  let stop = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          stop();
        }
      };
      send(`retry: 1000\n${statusEvent(current)}`);
      if (isFinal(current)) {
        controller.close();
        return;
      }
      const keepalive = setInterval(() => send(": keepalive\n\n"), KEEPALIVE_MS);
      const unwatch = watchPage(publicId, current, (status) => {
        send(statusEvent(status));
        if (isFinal(status)) {
          stop();
          try {
            controller.close();
          } catch {}
        }
      });
      stop = () => {
        clearInterval(keepalive);
        unwatch();
      };
      signal.addEventListener("abort", () => stop(), { once: true });
    },
    cancel() {
      stop();
    },
  });
  return new Response(body, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
    },
  });
}
