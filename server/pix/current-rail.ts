/**
 * The one place that picks the PIX rail, from PIX_RAIL (docs/decisions/0009-pix-rail.md).
 * Services, the worker and the sandbox endpoints all get the rail here; nothing outside
 * server/pix/ imports an implementation.
 */
import { config } from "../config";
import { networkRail } from "./network/network-rail";
import type { PixRail } from "./rail";
import { sandboxRail } from "./sandbox-rail";

const RAILS: Record<ReturnType<typeof config>["PIX_RAIL"], () => PixRail> = {
  sandbox: () => sandboxRail,
  network: () => networkRail,
};

export function pixRail(): PixRail {
  return RAILS[config().PIX_RAIL]();
}

/**
 * A simulated network is on — the in-process sandbox, or the network simulator whose control API
 * is configured: the sandbox's doors (REST sandbox routes, the dashboard's Sandbox page) exist.
 */
export function sandboxMode(): boolean {
  const current = config();
  return current.PIX_RAIL === "sandbox" || Boolean(current.NETWORK_CONTROL_URL);
}
