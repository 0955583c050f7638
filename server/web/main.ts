/**
 * The web process: Next.js (dashboard, tRPC, both REST surfaces) behind a small Node server
 * whose only job is to tell the app who is really calling. Next keeps a client-sent
 * X-Forwarded-For as it is, so the socket's peer address travels in our own header, which
 * is always overwritten here (see server/http/ip.ts for how trusted proxies are honoured).
 */
import { createServer } from "node:http";
import next from "next";
import { config } from "../config";
import { PEER_ADDRESS_HEADER } from "../http/ip";
import { logger } from "../logger";

export async function startWebServer(options: { dev: boolean; port: number; hostname?: string }) {
  const hostname = options.hostname ?? "0.0.0.0";
  const app = next({ dev: options.dev, hostname, port: options.port, turbopack: options.dev });
  const handle = app.getRequestHandler();
  await app.prepare();
  const server = createServer((req, res) => {
    req.headers[PEER_ADDRESS_HEADER] = req.socket.remoteAddress ?? "";
    handle(req, res).catch((error) => {
      logger().error({ err: error }, "request failed");
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port, hostname, resolve));
  return {
    server,
    close: async () => {
      server.close();
      await app.close();
    },
  };
}

const isEntryPoint = import.meta.url === `file://${process.argv[1]}`;
if (isEntryPoint) {
  const settings = config();
  const dev = settings.NODE_ENV !== "production";
  await startWebServer({ dev, port: settings.PORT });
  logger().info({ url: settings.APP_URL, dev }, "web server listening");
}
