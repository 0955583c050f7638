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

export function send(url: string, options: RequestOptions = {}): Promise<TransportAnswer> {
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
    const call = (secure ? httpsRequest : httpRequest)(
      target,
      { method: options.method ?? "GET", headers, agent: secure ? pool.https : pool.http, signal: options.signal },
      (response) => {
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
      const refused = error.code === "ECONNREFUSED" || error.code === "ECONNRESET" || error.code === "EPIPE";
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
