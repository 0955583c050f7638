import { describe, expect, it } from "vitest";
import { amountDue } from "./amount-due";
import { MAX_VALIDITY_DAYS, readTerms } from "./validate";
import { componentesValor, payloadValor } from "./wire";

const createdOn = "2026-11-27";

function cobv(valor: Record<string, unknown> = {}, calendario: Record<string, unknown> = {}) {
  return {
    calendario: { dataDeVencimento: "2026-12-31", validadeAposVencimento: 30, ...calendario },
    valor: { original: "123.45", ...valor },
  };
}

/** The properties refused, in order. */
function refused(input: unknown): string[] {
  const result = readTerms(input, { createdOn });
  return result.ok ? [] : result.violations.map((v) => v.propriedade);
}

describe("readTerms: well-formed terms", () => {
  it("refuses modalities written as text (the spec's schema says integer, though its cobBody1 example sends text)", () => {
    expect(
      refused(
        cobv({
          multa: { modalidade: "2", valorPerc: "15.00" },
          juros: { modalidade: "2", valorPerc: "2.00" },
          desconto: { modalidade: "1", descontoDataFixa: [{ data: "2026-11-30", valorPerc: "30.00" }] },
        }),
      ),
    ).toEqual(["cobv.valor.multa.modalidade", "cobv.valor.juros.modalidade", "cobv.valor.desconto.modalidade"]);
  });

  it("reads the terms of the spec's cobBody1 (modalities as integers)", () => {
    const result = readTerms(
      cobv({
        multa: { modalidade: 2, valorPerc: "15.00" },
        juros: { modalidade: 2, valorPerc: "2.00" },
        desconto: { modalidade: 1, descontoDataFixa: [{ data: "2026-11-30", valorPerc: "30.00" }] },
      }),
      { createdOn },
    );
    expect(result).toEqual({
      ok: true,
      terms: {
        dueDate: "2026-12-31",
        validityDays: 30,
        originalCents: 12_345n,
        multa: { modalidade: 2, valorPerc: 1500n },
        juros: { modalidade: 2, valorPerc: 200n },
        desconto: { modalidade: 1, descontoDataFixa: [{ data: "2026-11-30", valorPerc: 3000n }] },
      },
    });
  });

  it("defaults validadeAposVencimento to 30 and takes a due date of today", () => {
    const result = readTerms(
      { calendario: { dataDeVencimento: createdOn }, valor: { original: "10.00" } },
      { createdOn },
    );
    expect(result).toMatchObject({ ok: true, terms: { validityDays: 30, dueDate: createdOn, originalCents: 1000n } });
  });

  it("reads a per-day discount and a rebate", () => {
    const result = readTerms(
      cobv({ abatimento: { modalidade: 2, valorPerc: "10.00" }, desconto: { modalidade: 6, valorPerc: "0.50" } }),
      { createdOn },
    );
    expect(result).toMatchObject({
      ok: true,
      terms: { abatimento: { modalidade: 2, valorPerc: 1000n }, desconto: { modalidade: 6, valorPerc: 50n } },
    });
  });

  it("accepts validadeAposVencimento 0, the maximum, and a discount date on the due date", () => {
    expect(refused(cobv({}, { validadeAposVencimento: 0 }))).toEqual([]);
    expect(refused(cobv({}, { validadeAposVencimento: MAX_VALIDITY_DAYS }))).toEqual([]);
    const onDue = { modalidade: 1, descontoDataFixa: [{ data: "2026-12-31", valorPerc: "1.00" }] };
    expect(refused(cobv({ desconto: onDue }))).toEqual([]);
  });
});

describe("readTerms: violations (CobVOperacaoInvalida)", () => {
  it.each([
    ["due date before the creation", cobv({}, { dataDeVencimento: "2026-11-26" }), "cobv.calendario.dataDeVencimento"],
    [
      "a due date that does not exist",
      cobv({}, { dataDeVencimento: "2026-02-30" }),
      "cobv.calendario.dataDeVencimento",
    ],
    ["negative validity", cobv({}, { validadeAposVencimento: -1 }), "cobv.calendario.validadeAposVencimento"],
    [
      "validity above our maximum",
      cobv({}, { validadeAposVencimento: MAX_VALIDITY_DAYS + 1 }),
      "cobv.calendario.validadeAposVencimento",
    ],
    ["fractional validity", cobv({}, { validadeAposVencimento: 1.5 }), "cobv.calendario.validadeAposVencimento"],
    ["original off the pattern", cobv({ original: "10.5" }), "cobv.valor.original"],
    ["original as a number", cobv({ original: 10.5 }), "cobv.valor.original"],
    ["original zero", cobv({ original: "0.00" }), "cobv.valor.original"],
    ["multa modalidade 3", cobv({ multa: { modalidade: 3, valorPerc: "1.00" } }), "cobv.valor.multa.modalidade"],
    ["multa without valorPerc", cobv({ multa: { modalidade: 1 } }), "cobv.valor.multa.valorPerc"],
    ["multa above 100 %", cobv({ multa: { modalidade: 2, valorPerc: "100.01" } }), "cobv.valor.multa.valorPerc"],
    ["juros modalidade 0", cobv({ juros: { modalidade: 0, valorPerc: "1.00" } }), "cobv.valor.juros.modalidade"],
    ["juros modalidade 9", cobv({ juros: { modalidade: 9, valorPerc: "1.00" } }), "cobv.valor.juros.modalidade"],
    ["juros above 100 %", cobv({ juros: { modalidade: 4, valorPerc: "120.00" } }), "cobv.valor.juros.valorPerc"],
    [
      "juros valorPerc off the pattern",
      cobv({ juros: { modalidade: 1, valorPerc: "1" } }),
      "cobv.valor.juros.valorPerc",
    ],
    [
      "abatimento ≥ original",
      cobv({ abatimento: { modalidade: 1, valorPerc: "123.45" } }),
      "cobv.valor.abatimento.valorPerc",
    ],
    [
      "abatimento 100 %",
      cobv({ abatimento: { modalidade: 2, valorPerc: "100.00" } }),
      "cobv.valor.abatimento.valorPerc",
    ],
    [
      "abatimento modalidade 3",
      cobv({ abatimento: { modalidade: 3, valorPerc: "1.00" } }),
      "cobv.valor.abatimento.modalidade",
    ],
    [
      "desconto modalidade 7",
      cobv({ desconto: { modalidade: 7, valorPerc: "1.00" } }),
      "cobv.valor.desconto.modalidade",
    ],
    [
      "desconto 1 with valorPerc",
      cobv({
        desconto: { modalidade: 1, valorPerc: "1.00", descontoDataFixa: [{ data: "2026-12-01", valorPerc: "1.00" }] },
      }),
      "cobv.valor.desconto.valorPerc",
    ],
    ["desconto 2 without dates", cobv({ desconto: { modalidade: 2 } }), "cobv.valor.desconto.descontoDataFixa"],
    [
      "desconto 1 with an empty list",
      cobv({ desconto: { modalidade: 1, descontoDataFixa: [] } }),
      "cobv.valor.desconto.descontoDataFixa",
    ],
    [
      "desconto 1 with a null list",
      cobv({ desconto: { modalidade: 1, descontoDataFixa: null } }),
      "cobv.valor.desconto.descontoDataFixa",
    ],
    ["desconto 3 without valorPerc", cobv({ desconto: { modalidade: 3 } }), "cobv.valor.desconto.valorPerc"],
    [
      "desconto 5 with dates",
      cobv({
        desconto: { modalidade: 5, valorPerc: "1.00", descontoDataFixa: [{ data: "2026-12-01", valorPerc: "1.00" }] },
      }),
      "cobv.valor.desconto.descontoDataFixa",
    ],
    [
      "desconto 4 ≥ original",
      cobv({ desconto: { modalidade: 4, valorPerc: "123.45" } }),
      "cobv.valor.desconto.valorPerc",
    ],
    [
      "desconto 6 at 100 %",
      cobv({ desconto: { modalidade: 6, valorPerc: "100.00" } }),
      "cobv.valor.desconto.valorPerc",
    ],
    [
      "a fixed-date discount ≥ original",
      cobv({ desconto: { modalidade: 1, descontoDataFixa: [{ data: "2026-12-01", valorPerc: "200.00" }] } }),
      "cobv.valor.desconto.descontoDataFixa.0.valorPerc",
    ],
    [
      "a fixed-date discount at 100 %",
      cobv({ desconto: { modalidade: 2, descontoDataFixa: [{ data: "2026-12-01", valorPerc: "100.00" }] } }),
      "cobv.valor.desconto.descontoDataFixa.0.valorPerc",
    ],
    [
      "a discount date after the due date",
      cobv({ desconto: { modalidade: 1, descontoDataFixa: [{ data: "2027-01-01", valorPerc: "1.00" }] } }),
      "cobv.valor.desconto.descontoDataFixa.0.data",
    ],
    [
      "discount dates out of order",
      cobv({
        desconto: {
          modalidade: 1,
          descontoDataFixa: [
            { data: "2026-12-10", valorPerc: "2.00" },
            { data: "2026-12-01", valorPerc: "3.00" },
          ],
        },
      }),
      "cobv.valor.desconto.descontoDataFixa.1.data",
    ],
    [
      "a repeated discount date",
      cobv({
        desconto: {
          modalidade: 1,
          descontoDataFixa: [
            { data: "2026-12-01", valorPerc: "2.00" },
            { data: "2026-12-01", valorPerc: "3.00" },
          ],
        },
      }),
      "cobv.valor.desconto.descontoDataFixa.1.data",
    ],
    [
      "four discount dates",
      cobv({
        desconto: {
          modalidade: 1,
          descontoDataFixa: ["01", "02", "03", "04"].map((d) => ({ data: `2026-12-${d}`, valorPerc: "1.00" })),
        },
      }),
      "cobv.valor.desconto.descontoDataFixa",
    ],
    [
      "a discount date that does not exist",
      cobv({ desconto: { modalidade: 1, descontoDataFixa: [{ data: "2026-13-01", valorPerc: "1.00" }] } }),
      "cobv.valor.desconto.descontoDataFixa.0.data",
    ],
  ])("%s → %s", (_name, input, property) => {
    const result = readTerms(input, { createdOn });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.violations.map((v) => v.propriedade)).toEqual([property]);
    expect(result.violations[0]?.razao).toMatch(/\S/);
  });

  it("lists every violation at once, under the prefix the caller names", () => {
    const input = cobv({ original: "0.00", desconto: { modalidade: 3 } }, { validadeAposVencimento: -2 });
    expect(readTerms(input, { createdOn, prefix: "" })).toMatchObject({
      ok: false,
      violations: [
        { propriedade: "calendario.validadeAposVencimento" },
        { propriedade: "valor.original" },
        { propriedade: "valor.desconto.valorPerc" },
      ],
    });
  });

  it("refuses what is not an object at all", () => {
    expect(refused(null)).toEqual(["cobv"]);
    expect(refused({ valor: { original: "1.00" } })).toEqual(["cobv.calendario"]);
  });
});

describe("wire shapes", () => {
  it("renders the payload valor and the componentesValor of the spec's example", () => {
    const result = readTerms(
      cobv(
        {
          original: "100.00",
          multa: { modalidade: 2, valorPerc: "3.00" },
          juros: { modalidade: 2, valorPerc: "1.00" },
        },
        { dataDeVencimento: "2026-12-01" },
      ),
      { createdOn },
    );
    if (!result.ok) throw new Error("terms refused");
    const due = amountDue(result.terms, "2026-12-03");
    expect(payloadValor(due)).toEqual({ original: "100.00", multa: "3.00", juros: "2.00", final: "105.00" });
    expect(componentesValor(due)).toEqual({
      original: { valor: "100.00" },
      multa: { valor: "3.00" },
      juros: { valor: "2.00" },
    });
    expect(payloadValor(amountDue(result.terms, "2026-12-01"))).toEqual({ original: "100.00", final: "100.00" });
  });
});
