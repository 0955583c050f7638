import { describe, expect, it } from "vitest";
import { ID_SOLIC_REC_PATTERN, newIdSolicRec } from "./ids";
import { canMoveRequest, isOpenRequest, REQUEST_STATUSES } from "./request-status";

describe("consent request status machine", () => {
  it("created → sent → received → accepted or rejected; any open one expires or is cancelled", () => {
    const moves = REQUEST_STATUSES.flatMap((from) =>
      REQUEST_STATUSES.filter((to) => canMoveRequest(from, to)).map((to) => `${from}→${to}`),
    );
    expect(moves).toEqual([
      "CRIADA→ENVIADA",
      "CRIADA→EXPIRADA",
      "CRIADA→CANCELADA",
      "ENVIADA→RECEBIDA",
      "ENVIADA→EXPIRADA",
      "ENVIADA→CANCELADA",
      "RECEBIDA→ACEITA",
      "RECEBIDA→REJEITADA",
      "RECEBIDA→EXPIRADA",
      "RECEBIDA→CANCELADA",
    ]);
    expect(REQUEST_STATUSES.filter(isOpenRequest)).toEqual(["CRIADA", "ENVIADA", "RECEBIDA"]);
  });

  it("idSolicRec: SC, the ISPB, the day and 11 alphanumerics, 29 in all", () => {
    const id = newIdSolicRec("12345678", "2026-11-28");
    expect(id).toMatch(/^SC1234567820261128[a-zA-Z0-9]{11}$/);
    expect(ID_SOLIC_REC_PATTERN.test(id)).toBe(true);
  });
});
