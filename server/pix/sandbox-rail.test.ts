import { describe, expect, it } from "vitest";
import type { Db } from "../db/client";
import { pixRail } from "./current-rail";
import type { Transmission } from "./rail";
import { completedParty, sandboxRail, sandboxRejection, simulatedParticipant } from "./sandbox-rail";

function transmission(pixKey: string): Transmission {
  const party = simulatedParticipant(pixKey, "EMAIL");
  return {
    kind: "payment",
    id: "E1",
    accountId: "100000000001",
    amountCents: 100n,
    payer: party,
    payerDocument: "52998224725",
    receiver: party,
    receiverDocument: null,
    pixKey,
    initiation: "DICT",
    txId: null,
    description: null,
    returnOf: null,
    createdAt: new Date(),
  };
}

describe("sandbox PIX network", () => {
  it("derives the same participant from the same key", () => {
    const a = simulatedParticipant("ana@example.invalid", "EMAIL");
    expect(simulatedParticipant("ana@example.invalid", "EMAIL")).toEqual(a);
    expect(simulatedParticipant("bia@example.invalid", "EMAIL")).not.toEqual(a);
    expect(a.ispb).toMatch(/^\d{8}$/);
    expect(a.accountNumber).toMatch(/^\d{8}$/);
  });

  it("makes CNPJ keys companies and masks their document", () => {
    const party = simulatedParticipant("11222333000181", "CNPJ");
    expect(party.personType).toBe("company");
    expect(party.cpfCnpj).toBe("11.222.333/****-**");
  });

  it.each(["ab03", "AC03", "ac06", "am02", "be01"])("rejects %s@fail.sandbox with its code", async (code) => {
    expect(sandboxRejection(`${code}@fail.sandbox`)?.code).toBe(code.toUpperCase());
    expect(await sandboxRail.transmit({} as Db, transmission(`${code}@fail.sandbox`))).toMatchObject({
      outcome: "rejected",
      reasonCode: code.toUpperCase(),
    });
  });

  it("settles other keys and ignores unknown fail codes", async () => {
    expect(sandboxRejection("zz99@fail.sandbox")).toBeNull();
    expect(await sandboxRail.transmit({} as Db, transmission("ana@example.invalid"))).toEqual({
      id: "E1",
      outcome: "settled",
    });
  });

  it("completes a partial party: what was stated is kept, the rest is the seed's participant", () => {
    const full = completedParty("seed-1", null);
    expect(completedParty("seed-1", {})).toEqual(full);
    expect(Object.keys(full).sort()).toEqual(
      ["accountNumber", "accountType", "agency", "cpfCnpj", "ispb", "name", "personType"].sort(),
    );
    const named = completedParty("seed-1", { name: "Maria", cpfCnpj: "11222333000181" });
    expect(named).toMatchObject({ name: "Maria", cpfCnpj: "11222333000181", personType: "company" });
    expect(named.ispb).toMatch(/^\d{8}$/);
    expect(completedParty("seed-1", { name: "Maria", cpfCnpj: "11222333000181" })).toEqual(named);
  });

  it("is the rail of PIX_MODE=sandbox", () => {
    expect(pixRail()).toBe(sandboxRail);
  });
});
