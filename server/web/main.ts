/**
 * The web process: Next.js (dashboard, tRPC, pages) and the REST surfaces behind one Node server.
 *
 * - Next keeps a client-sent X-Forwarded-For as it is, so the socket's peer address travels in
 *   our own header, always overwritten here (server/http/ip.ts decides whom to believe).
 * - The REST surfaces are Hono apps; they are also mounted in Next route handlers (so plain
 *   `next start` serves them), but this server hands their paths to the same apps directly,
 *   skipping Next's routing and rendering layers on the hot path (docs/decisions/0005).
 */
import cluster from "node:cluster";
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import next from "next";
import { accountApi } from "../account-api/app";
import { apiPixFetch } from "../api-pix/surface";
import { config } from "../config";
import { checkPlatformRole } from "../db/role-check";
import { gatewayApi } from "../gateway/app";
import { peerToken } from "../http/ip";
import { logger } from "../logger";
import { webRequestListener } from "./listener";

export async function startWebServer(options: { dev: boolean; port: number; hostname?: string }) {
  const hostname = options.hostname ?? "0.0.0.0";
  const app = next({ dev: options.dev, hostname, port: options.port, turbopack: options.dev });
  const handle = app.getRequestHandler();
  await app.prepare();
  // Served directly, the apps read the peer from the Node bindings (the second argument).
  const accountSurface = getRequestListener((request, bindings) => accountApi().fetch(request, bindings));
  const gatewaySurface = getRequestListener((request, bindings) => gatewayApi().fetch(request, bindings));
  const apiPixSurface = getRequestListener((request, bindings) => apiPixFetch(request, bindings));
  const listener = webRequestListener({
    next: handle,
    accountSurface,
    gatewaySurface,
    apiPixSurface,
    peerToken: peerToken(),
    limits: { maxBytes: config().REQUEST_BODY_MAX_BYTES, formBytes: config().FORM_BODY_LIMIT_BYTES },
  });
  const server = createServer(listener);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(options.port, hostname, resolve));
  return {
    server,
    close: async () => {
      server.close();
      await app.close();
    },
  };
}

type CpuMessage = { cpu: NodeJS.CpuUsage };

/** Several web processes on one port (WEB_PROCESSES, production only): this one supervises them. */
function superviseWebProcesses(count: number) {
  let exiting = false;
  for (let i = 0; i < count; i++) cluster.fork();
  cluster.on("exit", (worker, code, signal) => {
    if (exiting) return;
    logger().error({ pid: worker.process.pid, code, signal }, "web process exited; starting another");
    cluster.fork();
  });
  const workers = () => Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
  process.on("message", async (message) => {
    if (message === "cpu") {
      const usages = await Promise.all(
        workers().map(
          (worker) =>
            new Promise<NodeJS.CpuUsage>((resolve) => {
              worker.once("message", (answer: CpuMessage) => resolve(answer.cpu));
              worker.send("cpu");
            }),
        ),
      );
      const total = usages.reduce(
        (sum, u) => ({ user: sum.user + u.user, system: sum.system + u.system }),
        process.cpuUsage(),
      );
      process.send?.({ cpu: total } satisfies CpuMessage);
    }
    if (message === "exit") {
      exiting = true;
      await Promise.all(workers().map((worker) => new Promise((resolve) => worker.once("exit", resolve).send("exit"))));
      process.exit(0);
    }
  });
}

const isEntryPoint = import.meta.url === `file://${process.argv[1]}`;
if (isEntryPoint) {
  const settings = config();
  const dev = settings.NODE_ENV !== "production";
  if (!dev && settings.WEB_PROCESSES > 1 && cluster.isPrimary) {
    superviseWebProcesses(settings.WEB_PROCESSES);
  } else {
    await checkPlatformRole("web");
    await startWebServer({ dev, port: settings.PORT });
    logger().info({ url: settings.APP_URL, dev }, "web server listening");
    // Benchmarks started with an IPC channel read the process's CPU time and ask it to exit
    // cleanly (so a `--cpu-prof` profile is written); nothing listens without one.
    process.on("message", (message) => {
      if (message === "cpu") process.send?.({ cpu: process.cpuUsage() } satisfies CpuMessage);
      if (message === "exit") process.exit(0);
    });
  }
}
