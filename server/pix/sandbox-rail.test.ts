import { describe, expect, it } from "vitest";
import { pixRail } from "./current-rail";
import { completedParty, sandboxRail, sandboxRejection, simulatedParticipant } from "./sandbox-rail";

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

  it.each(["ab03", "AC03", "ac06", "am02", "be01"])("rejects %s@fail.sandbox with its code", (code) => {
    expect(sandboxRejection(`${code}@fail.sandbox`)?.code).toBe(code.toUpperCase());
    expect(
      sandboxRail.outcomeOf({ pixKey: `${code}@fail.sandbox`, receiver: simulatedParticipant("x@y.z", "EMAIL") }),
    ).toMatchObject({
      status: "failed",
      reasonCode: code.toUpperCase(),
    });
  });

  it("settles other keys and ignores unknown fail codes", () => {
    expect(sandboxRejection("zz99@fail.sandbox")).toBeNull();
    expect(
      sandboxRail.outcomeOf({ pixKey: "ana@example.invalid", receiver: simulatedParticipant("a@b.c", "EMAIL") }),
    ).toEqual({
      status: "succeeded",
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
