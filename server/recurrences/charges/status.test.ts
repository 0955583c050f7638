import { describe, expect, it } from "vitest";
import { COBR_STATUSES, canMove, endsCharge, isFinal } from "./status";

describe("recurring charge status machine", () => {
  it("activates a created charge and ends an active one", () => {
    expect(canMove("CRIADA", "ATIVA")).toBe(true);
    expect(canMove("ATIVA", "CONCLUIDA")).toBe(true);
    expect(canMove("ATIVA", "EXPIRADA")).toBe(true);
    expect(canMove("CRIADA", "CONCLUIDA")).toBe(false);
    expect(canMove("CRIADA", "EXPIRADA")).toBe(false);
  });

  it("moves nothing out of a final status", () => {
    const finals = COBR_STATUSES.filter(isFinal);
    expect(finals).toEqual(["CONCLUIDA", "EXPIRADA", "REJEITADA", "CANCELADA"]);
    for (const from of finals) for (const to of COBR_STATUSES) expect(canMove(from, to)).toBe(false);
  });

  it("ends the charge only on the catalogue's final codes", () => {
    expect(endsCharge("AC05")).toBe(true);
    expect(endsCharge("MSUC")).toBe(true);
    expect(endsCharge("AM02")).toBe(false);
    expect(endsCharge("IRNT")).toBe(false);
  });
});
