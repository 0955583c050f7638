import { describe, expect, it } from "vitest";
import { devolucaoView, pixView } from "./pix";

const at = new Date("2026-11-28T12:00:00.000Z");
const later = new Date("2026-11-28T12:00:05.000Z");
const refund = (status: "processing" | "succeeded" | "failed", errorMessage: string | null = null) => ({
  endToEndId: "D12345678202611281200abcdefghijk",
  grossCents: 150n,
  description: null,
  status,
  errorMessage,
  createdAt: at,
  updatedAt: later,
});

describe("the API Pix view of a received PIX", () => {
  it("maps refund statuses, and shows the settlement time only once settled", () => {
    expect(devolucaoView(refund("processing"), { clientId: "d1", nature: "ORIGINAL" })).toEqual({
      id: "d1",
      rtrId: "D12345678202611281200abcdefghijk",
      valor: "1.50",
      natureza: "ORIGINAL",
      horario: { solicitacao: at.toISOString() },
      status: "EM_PROCESSAMENTO",
    });
    expect(devolucaoView(refund("succeeded"), null)).toMatchObject({
      id: "D12345678202611281200abcdefghijk",
      status: "DEVOLVIDO",
      horario: { solicitacao: at.toISOString(), liquidacao: later.toISOString() },
    });
    const failed = devolucaoView(refund("failed", `AB03: ${"x".repeat(200)}`), null);
    expect(failed.status).toBe("NAO_REALIZADO");
    expect(failed.motivo?.length).toBe(140);
  });

  it("writes txid and chave only when known, componentesValor always", () => {
    const credit = { endToEndId: "E12345678202611281200abcdefghijk", grossCents: 1000n, createdAt: at };
    expect(pixView({ credit, txId: null, pixKey: null, refunds: [] })).toEqual({
      endToEndId: credit.endToEndId,
      valor: "10.00",
      componentesValor: { original: { valor: "10.00" } },
      horario: at.toISOString(),
      devolucoes: [],
    });
    expect(
      pixView({
        credit,
        txId: "a".repeat(26),
        pixKey: "k@example.invalid",
        refunds: [{ entry: refund("processing"), identifier: null }],
      }),
    ).toMatchObject({ txid: "a".repeat(26), chave: "k@example.invalid", devolucoes: [{ status: "EM_PROCESSAMENTO" }] });
  });
});
