import { describe, expect, it } from "vitest";
import { canMove, isFinal, REC_STATUSES } from "./status";

describe("recurrence status machine", () => {
  it("a created recurrence is approved, rejected, expired or cancelled; an approved one only cancelled", () => {
    const moves = REC_STATUSES.flatMap((from) =>
      REC_STATUSES.filter((to) => canMove(from, to)).map((to) => `${from}→${to}`),
    );
    expect(moves).toEqual([
      "CRIADA→APROVADA",
      "CRIADA→REJEITADA",
      "CRIADA→EXPIRADA",
      "CRIADA→CANCELADA",
      "APROVADA→CANCELADA",
    ]);
  });

  it("rejected, expired and cancelled are final", () => {
    expect(REC_STATUSES.filter(isFinal)).toEqual(["REJEITADA", "EXPIRADA", "CANCELADA"]);
  });
});
