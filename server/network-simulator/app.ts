import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { type HttpBindings, type ServerType, serve } from "@hono/node-server";
import { Hono, type MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import type { NetworkContext } from "./context";
import { controlRoutes } from "./control";
import { dictRoutes } from "./dict";
import { signedProblem, tampered } from "./dict-documents";
import { Directory } from "./directory";
import { Faults } from "./faults";
import { InfractionStore } from "./infraction-reports";
import { DEFAULT_LOOKUP_BUDGETS, type LookupBudgetSizes, LookupBudgets } from "./lookup-budgets";
import { NetworkRecords } from "./records";
import { Settlement } from "./settlement";
import { loadOrCreateIdentity, type SigningIdentity } from "./signing";
import { spiRoutes } from "./spi";
import { StreamHub } from "./stream";

export interface NetworkSimulatorOptions {
  /** Signs every message and DICT response; a fresh self-signed one when absent. */
  identity?: SigningIdentity;
  /** Where to write the generated identity's certificate. */
  certificateOutPath?: string;
  /** The participant's signing certificate (PEM): when set, messages and DICT requests must verify with it. */
  participantCertificatePem?: string;
  /** Mutual TLS: the server's certificate and key, and the CA that client certificates must chain to (PEM). */
  tls?: { certificatePem: string; privateKeyPem: string; caPem: string };
  /** DICT entries kept across restarts (JSON). */
  stateFile?: string;
  settlementDelayMs?: number;
  answerTimeoutMs?: number;
  institutionAnswerMs?: number;
  echoIntervalMs?: number;
  longPollMs?: number;
  streamIdleCloseMs?: number;
  maxStreamsPerIspb?: number;
  lookupBudgets?: Partial<LookupBudgetSizes>;
}

export interface NetworkSimulator {
  app: Hono<{ Bindings: HttpBindings }>;
  state: NetworkContext;
  /** Listens (port 0: any free port) and answers the base URL. */
  start(listen?: { port?: number; host?: string }): Promise<{ url: string; port: number }>;
  stop(): Promise<void>;
}

/** The SPI, the DICT and the simulated institutions of the PIX network, with the control API (docs/network-simulator.md). */
export async function createNetworkSimulator(options: NetworkSimulatorOptions = {}): Promise<NetworkSimulator> {
  const identity = options.identity ?? (await loadOrCreateIdentity({ certOutPath: options.certificateOutPath }));
  const records = new NetworkRecords();
  const hub = new StreamHub({
    longPollMs: options.longPollMs ?? 8000,
    maxStreamsPerIspb: options.maxStreamsPerIspb ?? 6,
    idleCloseMs: options.streamIdleCloseMs ?? 30_000,
  });
  const directory = new Directory(options.stateFile);
  const budgets = new LookupBudgets({ ...DEFAULT_LOOKUP_BUDGETS, ...options.lookupBudgets });
  const faults = new Faults();
  const settlement = new Settlement({
    records,
    hub,
    identity,
    directory,
    faults,
    timing: {
      settlementDelayMs: options.settlementDelayMs ?? 300,
      answerTimeoutMs: options.answerTimeoutMs ?? 8000,
      institutionAnswerMs: options.institutionAnswerMs ?? 50,
    },
    onPaymentOrder: (endToEndId) => budgets.paymentOrderSent(endToEndId),
  });
  const state: NetworkContext = {
    identity,
    ...(options.participantCertificatePem ? { participantCertificatePem: options.participantCertificatePem } : {}),
    records,
    hub,
    settlement,
    directory,
    budgets,
    faults,
    infractions: new InfractionStore(),
  };

  const app = new Hono<{ Bindings: HttpBindings }>();
  app.use(
    "/spi/*",
    networkFaults(faults, () => new Response("the SPI is unavailable (simulated fault)", { status: 503 })),
  );
  app.route("/spi", spiRoutes(state));
  // The DICT API recommends compressed answers (Accept-Encoding: gzip); requests stay uncompressed.
  app.use("/dict/*", compress());
  app.use(
    "/dict/*",
    networkFaults(faults, () => {
      const answer = signedProblem(identity, 503, "ServiceUnavailable", "the DICT is unavailable (simulated fault)");
      const body = faults.takeTamper() ? tampered(answer.body) : answer.body;
      return new Response(body, {
        status: 503,
        headers: { "Content-Type": `${answer.contentType}; charset=utf-8`, "Retry-After": "1" },
      });
    }),
  );
  app.route("/dict/api/v1", dictRoutes(state));
  app.route("/control", controlRoutes(state));
  app.get("/", (c) => c.text("PIX network simulator: /spi, /dict/api/v1, /control"));

  const echoTimer = setInterval(() => {
    for (const ispb of hub.ispbsWithOpenStreams()) settlement.sendEcho(ispb);
  }, options.echoIntervalMs ?? 60_000);
  const idleTimer = setInterval(() => hub.closeIdleStreams(), Math.min(1000, options.streamIdleCloseMs ?? 30_000));
  echoTimer.unref();
  idleTimer.unref();
  let server: ServerType | undefined;

  return {
    app,
    state,
    start({ port = 0, host = "127.0.0.1" } = {}) {
      return new Promise((resolve) => {
        const onListening = (info: AddressInfo) => {
          const scheme = options.tls ? "https" : "http";
          const shownHost = host.includes(":") ? `[${host}]` : host;
          resolve({ url: `${scheme}://${shownHost}:${info.port}`, port: info.port });
        };
        server = options.tls
          ? serve(
              {
                fetch: app.fetch,
                port,
                hostname: host,
                createServer: createHttpsServer,
                serverOptions: {
                  cert: options.tls.certificatePem,
                  key: options.tls.privateKeyPem,
                  ca: options.tls.caPem,
                  requestCert: true,
                  rejectUnauthorized: true,
                },
              },
              onListening,
            )
          : serve({ fetch: app.fetch, port, hostname: host }, onListening);
      });
    },
    async stop() {
      clearInterval(echoTimer);
      clearInterval(idleTimer);
      settlement.stop();
      hub.reset();
      const running = server;
      server = undefined;
      if (!running) return;
      await new Promise<void>((resolve) => {
        running.close(() => resolve());
        if ("closeAllConnections" in running) running.closeAllConnections();
      });
    },
  };
}

/**
 * The faults that make the network misbehave for its participants: a refused connection (the socket destroyed
 * before any answer), a 5xx answer, or a slow one. The control API is never affected.
 */
export function networkFaults(
  faults: Faults,
  unavailable: () => Response | Promise<Response>,
): MiddlewareHandler<{ Bindings: HttpBindings }> {
  return async (c, next) => {
    if (faults.refusingConnections()) {
      c.env?.incoming?.socket?.destroy();
      return new Response(null, { status: 503 });
    }
    const delay = faults.answerDelay();
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    if (faults.answeringServerErrors()) return unavailable();
    await next();
  };
}
