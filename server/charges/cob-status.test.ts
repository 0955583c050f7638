import { describe, expect, it } from "vitest";
import { COB_STATUSES, chargeStatusOf, cobStatusOf } from "./cob-status";
import { CHARGE_STATUSES } from "./schema";

describe("cob statuses", () => {
  it("names every charge status, each once, and reads them back", () => {
    const named = CHARGE_STATUSES.map(cobStatusOf);
    expect(new Set(named)).toEqual(new Set(COB_STATUSES));
    for (const status of CHARGE_STATUSES) expect(chargeStatusOf(cobStatusOf(status))).toBe(status);
  });

  it("maps an expired charge to REMOVIDA_PELO_PSP and a cancelled one to the receiver's removal", () => {
    expect(cobStatusOf("expired")).toBe("REMOVIDA_PELO_PSP");
    expect(cobStatusOf("cancelled")).toBe("REMOVIDA_PELO_USUARIO_RECEBEDOR");
    expect(chargeStatusOf("REMOVIDO")).toBeNull();
  });
});
