/**
 * What the web server does with each request, before any handler runs: the body rule
 * (./body-cap.ts), then the REST surfaces' paths straight to their Hono apps and everything else
 * to Next, with the socket's peer address in our own header (server/http/ip.ts).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { ACCOUNT_API_BASE } from "../account-api/app";
import { API_PIX_ROOT } from "../api-pix/surface";
import { GATEWAY_BASE } from "../gateway/app";
import { PEER_ADDRESS_HEADER, PEER_TOKEN_HEADER } from "../http/ip";
import { logger } from "../logger";
import { type BodyLimits, bodyRefusal } from "./body-cap";

type Listener = (req: IncomingMessage, res: ServerResponse) => unknown;

export type WebDoors = {
  next: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  accountSurface: Listener;
  gatewaySurface: Listener;
  apiPixSurface: Listener;
  peerToken: string;
  limits: BodyLimits;
};

function isUnder(req: IncomingMessage, base: string): boolean {
  const url = req.url ?? "";
  return url === base || url.startsWith(`${base}/`) || url.startsWith(`${base}?`);
}

export function webRequestListener(doors: WebDoors) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const surface = isUnder(req, ACCOUNT_API_BASE)
      ? doors.accountSurface
      : isUnder(req, GATEWAY_BASE)
        ? doors.gatewaySurface
        : isUnder(req, API_PIX_ROOT)
          ? doors.apiPixSurface
          : null;
    const refusal = bodyRefusal(req.headers, req.url ?? "", surface === null, doors.limits);
    if (refusal) {
      res.writeHead(refusal.status, { "content-type": "application/json", connection: "close" });
      res.end(JSON.stringify({ error: { status: refusal.status, message: refusal.message } }));
      return;
    }
    if (surface) {
      void surface(req, res);
      return;
    }
    req.headers[PEER_ADDRESS_HEADER] = req.socket.remoteAddress ?? "";
    req.headers[PEER_TOKEN_HEADER] = doors.peerToken;
    doors.next(req, res).catch((error) => {
      logger().error({ err: error }, "request failed");
      if (!res.headersSent) res.writeHead(500).end();
    });
  };
}
