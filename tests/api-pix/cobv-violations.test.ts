/** Every violation the specification lists for PUT|PATCH /cobv/{txid} (CobVOperacaoInvalida). */
import { beforeAll, describe, expect, it } from "vitest";
import { plusDays } from "../../server/charges/due-date/calendar";
import { cobvBody, dueDay, invalidProperties, putCobV, today } from "./cobv-support";
import { apiPixMerchantWithKey, pixCall } from "./support";

type Merchant = Awaited<ReturnType<typeof apiPixMerchantWithKey>>;

describe("API Pix cobv violations", () => {
  let shop: Merchant;
  let other: Merchant;

  beforeAll(async () => {
    shop = await apiPixMerchantWithKey();
    other = await apiPixMerchantWithKey();
  });

  /** The properties PUT names for this body (PATCH of a fresh cobv too, when `patch` is given). */
  const refusedPut = async (extra: Record<string, unknown>) =>
    invalidProperties((await putCobV(shop.bearer, cobvBody(shop.chave, extra))).res);

  const valor = (extra: Record<string, unknown>) => ({ valor: { original: "100.00", ...extra } });

  it.each([
    [
      "a due date before the charge's creation",
      { calendario: { dataDeVencimento: plusDays(today(), -1) } },
      "cobv.calendario.dataDeVencimento",
    ],
    [
      "a negative validadeAposVencimento",
      { calendario: { dataDeVencimento: dueDay(), validadeAposVencimento: -1 } },
      "cobv.calendario.validadeAposVencimento",
    ],
    ["a devedor without nome", { devedor: { cpf: "12345678909" } }, "cobv.devedor"],
    [
      "a devedor with cpf and cnpj",
      { devedor: { cpf: "12345678909", cnpj: "11222333000181", nome: "A" } },
      "cobv.devedor",
    ],
    ["a devedor with a wrong CPF", { devedor: { cpf: "12345678900", nome: "A" } }, "cobv.devedor"],
    ["a chave off the schema", { chave: "x".repeat(78) }, "cobv.chave"],
    ["a solicitacaoPagador off the schema", { solicitacaoPagador: "x".repeat(141) }, "cobv.solicitacaoPagador"],
    [
      "infoAdicionais off the schema",
      { infoAdicionais: [{ nome: "x".repeat(51), valor: "v" }] },
      "cobv.infoAdicionais.0.nome",
    ],
    ["valor.original off the schema", { valor: { original: "1,00" } }, "cobv.valor.original"],
    ["valor.original zero", valor({ original: "0.00" }), "cobv.valor.original"],
    ["multa off the schema", valor({ multa: { modalidade: 3, valorPerc: "1.00" } }), "cobv.valor.multa.modalidade"],
    [
      "a modalidade written as text (the spec's schema says integer)",
      valor({ multa: { modalidade: "2", valorPerc: "1.00" } }),
      "cobv.valor.multa.modalidade",
    ],
    [
      "a dataDeVencimento that is no date",
      { calendario: { dataDeVencimento: "2026-02-30" } },
      "cobv.calendario.dataDeVencimento",
    ],
    [
      "a descontoDataFixa date that is no date",
      valor({ desconto: { modalidade: 1, descontoDataFixa: [{ data: "2026-13-01", valorPerc: "1.00" }] } }),
      "cobv.valor.desconto.descontoDataFixa.0.data",
    ],
    ["juros off the schema", valor({ juros: { modalidade: 9, valorPerc: "1.00" } }), "cobv.valor.juros.modalidade"],
    [
      "abatimento off the schema",
      valor({ abatimento: { modalidade: 1, valorPerc: "1" } }),
      "cobv.valor.abatimento.valorPerc",
    ],
    [
      "desconto off the schema",
      valor({ desconto: { modalidade: 7, valorPerc: "1.00" } }),
      "cobv.valor.desconto.modalidade",
    ],
    [
      "abatimento ≥ the original",
      valor({ abatimento: { modalidade: 1, valorPerc: "100.00" } }),
      "cobv.valor.abatimento.valorPerc",
    ],
    [
      "abatimento ≥ 100%",
      valor({ abatimento: { modalidade: 2, valorPerc: "100.00" } }),
      "cobv.valor.abatimento.valorPerc",
    ],
    [
      "a desconto ≥ the original",
      valor({ desconto: { modalidade: 3, valorPerc: "100.00" } }),
      "cobv.valor.desconto.valorPerc",
    ],
    [
      "a desconto date after the due date",
      valor({ desconto: { modalidade: 1, descontoDataFixa: [{ data: plusDays(dueDay(), 1), valorPerc: "1.00" }] } }),
      "cobv.valor.desconto.descontoDataFixa.0.data",
    ],
    [
      "modalidade 1 with valorPerc",
      valor({
        desconto: { modalidade: 1, valorPerc: "1.00", descontoDataFixa: [{ data: today(), valorPerc: "1.00" }] },
      }),
      "cobv.valor.desconto.valorPerc",
    ],
    [
      "modalidade 2 with no descontoDataFixa",
      valor({ desconto: { modalidade: 2, descontoDataFixa: [] } }),
      "cobv.valor.desconto.descontoDataFixa",
    ],
    ["modalidade 3 without valorPerc", valor({ desconto: { modalidade: 3 } }), "cobv.valor.desconto.valorPerc"],
    [
      "modalidade 4 with descontoDataFixa",
      valor({
        desconto: { modalidade: 4, valorPerc: "1.00", descontoDataFixa: [{ data: today(), valorPerc: "1.00" }] },
      }),
      "cobv.valor.desconto.descontoDataFixa",
    ],
  ])("refuses %s", async (_name, extra, propriedade) => {
    expect(await refusedPut(extra)).toContain(propriedade);
  });

  it("refuses a chave of another receiver's account, on PUT and PATCH", async () => {
    expect(await refusedPut({ chave: other.chave })).toEqual(["cobv.chave"]);
    const { txid } = await putCobV(shop.bearer, cobvBody(shop.chave));
    const res = await pixCall(shop.bearer, "PATCH", `/cobv/${txid}`, { body: { chave: other.chave } });
    expect(invalidProperties(res)).toEqual(["cobv.chave"]);
  });

  it("refuses a loc.id that does not exist, serves another charge, or is of type cob", async () => {
    const loc = async (tipoCob: "cob" | "cobv") =>
      (await pixCall(shop.bearer, "POST", "/loc", { body: { tipoCob } })).json.id as number;
    expect(await refusedPut({ loc: { id: 999_999_999 } })).toEqual(["cobv.loc.id"]);
    expect(await refusedPut({ loc: { id: await loc("cob") } })).toEqual(["cobv.loc.id"]);
    const free = await loc("cobv");
    const first = await putCobV(shop.bearer, cobvBody(shop.chave, { loc: { id: free } }));
    expect(first.res.status, JSON.stringify(first.res.json)).toBe(201);
    expect(first.res.json.loc.id).toBe(free);
    expect(await refusedPut({ loc: { id: free } })).toEqual(["cobv.loc.id"]);
    // another merchant's location does not exist for this one
    const theirs = (await pixCall(other.bearer, "POST", "/loc", { body: { tipoCob: "cobv" } })).json.id as number;
    expect(await refusedPut({ loc: { id: theirs } })).toEqual(["cobv.loc.id"]);
  });

  it("PATCH checks the merged terms: a rebate above the stored original, a due date before creation", async () => {
    const { txid } = await putCobV(shop.bearer, cobvBody(shop.chave));
    const rebate = await pixCall(shop.bearer, "PATCH", `/cobv/${txid}`, {
      body: { valor: { abatimento: { modalidade: 1, valorPerc: "150.00" } } },
    });
    expect(invalidProperties(rebate)).toEqual(["cobv.valor.abatimento.valorPerc"]);
    const due = await pixCall(shop.bearer, "PATCH", `/cobv/${txid}`, {
      body: { calendario: { dataDeVencimento: plusDays(today(), -3) } },
    });
    expect(invalidProperties(due)).toEqual(["cobv.calendario.dataDeVencimento"]);
    // the spec's CobVRevisada: a calendario comes with its dataDeVencimento
    const validity = await pixCall(shop.bearer, "PATCH", `/cobv/${txid}`, {
      body: { calendario: { validadeAposVencimento: 10 } },
    });
    expect(invalidProperties(validity)).toEqual(["cobv.calendario.dataDeVencimento"]);
    expect((await pixCall(shop.bearer, "GET", `/cobv/${txid}`)).json.revisao).toBe(0);
  });
});
