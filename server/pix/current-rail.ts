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

/** The simulated network is on: its doors (REST sandbox routes, the dashboard's Sandbox page) exist. */
export function sandboxMode(): boolean {
  return config().PIX_RAIL === "sandbox";
}
