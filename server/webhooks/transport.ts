/**
 * One webhook POST: node:http(s) with keep-alive, a total deadline, at most a few KiB of the
 * response read (the body is ignored), no redirects followed, and — unless private targets are
 * allowed — the SSRF guard on every connection (ssrf.ts). Under OUTBOUND_LOOPBACK_ONLY (test
 * runs) every connection must also reach loopback (loopback-guard.ts).
 */
import { Agent as HttpAgent, request as httpRequest } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { checkAddressesToReach, loopbackOnly } from "./loopback-guard";
import { guardedLookup, hostOf, type Resolver, refuseForbidden, systemResolver } from "./ssrf";

export const MAX_RESPONSE_BYTES = 4096;

export type SendRequest = {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
};

export type SendResult = { statusCode: number | null; error: string | null; durationMs: number };

export type Transport = (request: SendRequest) => Promise<SendResult>;

export type TransportOptions = { allowPrivate: boolean; resolver?: Resolver; maxSockets?: number };

export function createTransport(options: TransportOptions): Transport {
  const resolver = options.resolver ?? systemResolver;
  const agentOptions = { keepAlive: true, maxSockets: options.maxSockets ?? 64, maxFreeSockets: 16 };
  const agents = { http: new HttpAgent(agentOptions), https: new HttpsAgent(agentOptions) };
  const publicOnly = options.allowPrivate ? [] : [refuseForbidden];
  const lookups = {
    loopbackOnly: guardedLookup(resolver, [checkAddressesToReach, ...publicOnly]),
    default: options.allowPrivate ? undefined : guardedLookup(resolver, publicOnly),
  };

  return async (request) => {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const url = new URL(request.url);
      const guarded = loopbackOnly();
      // Node connects to IP literals without a lookup, so those are checked here.
      const host = hostOf(url);
      if (isIP(host)) {
        for (const check of guarded ? [checkAddressesToReach, ...publicOnly] : publicOnly)
          check(host, [{ address: host }]);
      }
      const lookup = guarded ? lookups.loopbackOnly : lookups.default;
      const statusCode = await post(url, request, url.protocol === "https:" ? agents.https : agents.http, lookup);
      return {
        statusCode,
        error: statusCode >= 200 && statusCode < 300 ? null : `HTTP ${statusCode}`,
        durationMs: elapsed(),
      };
    } catch (error) {
      return { statusCode: null, error: errorText(error), durationMs: elapsed() };
    }
  };
}

function errorText(error: unknown): string {
  if (!(error instanceof Error)) return "request failed";
  const code = (error as NodeJS.ErrnoException).code;
  return (code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message).slice(0, 300);
}

function post(
  url: URL,
  request: SendRequest,
  agent: HttpAgent,
  lookup: ReturnType<typeof guardedLookup> | undefined,
): Promise<number> {
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise<number>((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
    };
    const req = send(url, {
      method: "POST",
      agent,
      headers: { ...request.headers, "Content-Length": String(Buffer.byteLength(request.body)) },
      ...(lookup ? { lookup } : {}),
    });
    // The deadline covers the answer and the little of its body we drain (so the socket can be reused).
    const deadline = setTimeout(() => {
      settle(() => reject(new Error(`timed out after ${request.timeoutMs} ms`)));
      req.destroy();
    }, request.timeoutMs);
    req.on("error", (error) => {
      clearTimeout(deadline);
      settle(() => reject(error));
    });
    req.on("response", (res) => {
      settle(() => resolve(res.statusCode ?? 0));
      let read = 0;
      res.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_RESPONSE_BYTES) res.destroy(); // the answer is the status; the rest is not ours
      });
      res.on("close", () => clearTimeout(deadline));
      res.on("error", () => {});
    });
    req.end(request.body);
  });
}
