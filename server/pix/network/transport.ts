/**
 * HTTP(S) to the SPI and the DICT: keep-alive agents, mutual TLS from the configured PEMs,
 * gzip answers read, a timeout on every call. `classify` says what an answer means for a sender
 * (docs/pix-network.md §2): taken, refused (do not resend unchanged), or to be resent later.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { gunzipSync } from "node:zlib";
import { networkSettings } from "./settings";

export type TransportAnswer = { status: number; headers: IncomingHttpHeaders; body: string };

/** No answer came: the connection was refused or broken, or the answer took too long. */
export class TransportError extends Error {
  constructor(
    public kind: "refused" | "timeout" | "broken",
    message: string,
  ) {
    super(message);
    this.name = "TransportError";
  }
}

export type Outcome = "ok" | "refused" | "retry";

/** 2xx taken; 4xx refused, not to be resent unchanged; 5xx, a timeout or no connection: resend later. */
export function classify(answer: TransportAnswer | TransportError | { status: number }): Outcome {
  if (answer instanceof TransportError) return "retry";
  if (answer.status >= 200 && answer.status < 300) return "ok";
  if (answer.status >= 400 && answer.status < 500) return "refused";
  return "retry";
}

export type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  /** aborts the call (a stream reader stopping) */
  signal?: AbortSignal;
};

let agents: { key: object; http: HttpAgent; https: HttpsAgent } | undefined;

function agentsFor(tls: ReturnType<typeof networkSettings>["tls"]) {
  const key = tls ?? agentsFor;
  if (agents?.key === key) return agents;
  agents?.http.destroy();
  agents?.https.destroy();
  agents = {
    key,
    http: new HttpAgent({ keepAlive: true, maxSockets: 64 }),
    https: new HttpsAgent({
      keepAlive: true,
      maxSockets: 64,
      ...(tls ? { cert: tls.cert, key: tls.key, ca: tls.ca } : {}),
    }),
  };
  return agents;
}

/** Closes the kept-alive connections (a process stopping, a test's end). */
export function closeTransport(): void {
  agents?.http.destroy();
  agents?.https.destroy();
  agents = undefined;
}

/**
 * One HTTP call. A kept-alive connection the server closed while it lay idle fails the next call
 * on it at once (ECONNRESET, EPIPE) before anything was answered: that call is made again, once,
 * on a fresh connection. Repeating it is safe on this network: a message is sent again with the
 * same BizMsgIdr, and a pull asks for what the stream would give anyway.
 */
export async function send(url: string, options: RequestOptions = {}): Promise<TransportAnswer> {
  try {
    return await sendOnce(url, options);
  } catch (error) {
    if (error instanceof StaleConnection) return sendOnce(url, options);
    throw error;
  }
}

/** A reused connection that turned out closed: nothing reached the server's answer. */
class StaleConnection extends TransportError {}

function sendOnce(url: string, options: RequestOptions): Promise<TransportAnswer> {
  const target = new URL(url);
  const secure = target.protocol === "https:";
  const pool = agentsFor(networkSettings().tls);
  const body = options.body === undefined ? undefined : Buffer.from(options.body, "utf8");
  const headers: Record<string, string> = {
    "Accept-Encoding": "gzip",
    ...(body ? { "Content-Type": "application/xml; charset=utf-8", "Content-Length": String(body.length) } : {}),
    ...options.headers,
  };
  const timeoutMs = options.timeoutMs ?? 10_000;
  return new Promise((resolve, reject) => {
    let answered = false;
    const call = (secure ? httpsRequest : httpRequest)(
      target,
      { method: options.method ?? "GET", headers, agent: secure ? pool.https : pool.http, signal: options.signal },
      (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", (error) => reject(new TransportError("broken", error.message)));
        response.on("end", () => {
          try {
            const raw = Buffer.concat(chunks);
            const gzipped = String(response.headers["content-encoding"] ?? "").toLowerCase() === "gzip";
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: (gzipped && raw.length > 0 ? gunzipSync(raw) : raw).toString("utf8"),
            });
          } catch (error) {
            reject(new TransportError("broken", `unreadable answer: ${(error as Error).message}`));
          }
        });
      },
    );
    call.setTimeout(timeoutMs, () => call.destroy(new TransportError("timeout", `no answer within ${timeoutMs} ms`)));
    call.on("error", (error: NodeJS.ErrnoException) => {
      if (error instanceof TransportError) return reject(error);
      const refused = error.code === "ECONNRESET" || error.code === "EPIPE" || error.code === "ECONNREFUSED";
      if (call.reusedSocket && !answered && (error.code === "ECONNRESET" || error.code === "EPIPE")) {
        return reject(new StaleConnection("refused", error.message));
      }
      reject(new TransportError(refused ? "refused" : "broken", error.message));
    });
    call.end(body);
  });
}

/** The value of one answer header (the first when repeated). */
export function header(answer: TransportAnswer, name: string): string | null {
  const value = answer.headers[name.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}
