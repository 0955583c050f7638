/**
 * The one place that picks the PIX rail, from PIX_MODE (docs/decisions/0009-pix-rail.md).
 * Services, the worker and the sandbox endpoints all get the rail here; nothing outside
 * server/pix/ imports an implementation.
 */
import { config } from "../config";
import type { PixRail } from "./rail";
import { sandboxRail } from "./sandbox-rail";

const RAILS: Record<ReturnType<typeof config>["PIX_MODE"], () => PixRail> = {
  sandbox: () => sandboxRail,
  // A real SPI/DICT connector implements PixRail and is registered here; none ships yet, so
  // "connector" only turns the sandbox off (its endpoints are not served) and money cannot leave.
  connector: () => {
    throw new Error("PIX_MODE=connector: no PIX connector is installed (docs/decisions/0009-pix-rail.md)");
  },
};

export function pixRail(): PixRail {
  return RAILS[config().PIX_MODE]();
}

/** The simulated network is on: its doors (REST sandbox routes, the dashboard's Sandbox page) exist. */
export function sandboxMode(): boolean {
  return config().PIX_MODE === "sandbox";
}
