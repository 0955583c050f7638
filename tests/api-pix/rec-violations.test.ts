/** Every violation the specification lists for POST /rec and PATCH /rec/{idRec} (RecOperacaoInvalida). */
import { beforeAll, describe, expect, it } from "vitest";
import { plusDays } from "../../server/charges/due-date/calendar";
import { db } from "../../server/db/client";
import { apiPixCompanyWithKey, createdRec, postRec, recBody, recViolations, today } from "./rec-support";
import { type ApiPixMerchant, apiPixMerchantWithKey, PROBLEM, pixCall } from "./support";

describe("API Pix rec violations", () => {
  let shop: ApiPixMerchant;

  beforeAll(async () => {
    shop = await apiPixCompanyWithKey();
  });

  const vinculo = (extra: Record<string, unknown>) => ({
    vinculo: { contrato: "CT-1", devedor: { cpf: "12345678909", nome: "Ana" }, ...extra },
  });

  it.each([
    [
      "a vinculo without contrato",
      { vinculo: { devedor: { cpf: "12345678909", nome: "Ana" } } },
      "rec.vinculo.contrato",
    ],
    [
      "a devedor with cpf and cnpj",
      vinculo({ devedor: { cpf: "12345678909", cnpj: "11222333000181", nome: "A" } }),
      "rec.vinculo.devedor",
    ],
    ["a devedor with a wrong CPF", vinculo({ devedor: { cpf: "12345678900", nome: "A" } }), "rec.vinculo.devedor"],
    ["an objeto longer than 35", vinculo({ objeto: "x".repeat(36) }), "rec.vinculo.objeto"],
    [
      "a dataInicial before today",
      { calendario: { dataInicial: plusDays(today(), -1), periodicidade: "MENSAL" } },
      "rec.calendario.dataInicial",
    ],
    [
      "a dataFinal before dataInicial",
      { calendario: { dataInicial: plusDays(today(), 5), dataFinal: plusDays(today(), 4), periodicidade: "MENSAL" } },
      "rec.calendario.dataFinal",
    ],
    [
      "a periodicidade off the schema",
      { calendario: { dataInicial: today(), periodicidade: "DIARIA" } },
      "rec.calendario.periodicidade",
    ],
    ["a valor off the schema", { valor: "89.90" }, "rec.valor"],
    ["a valorRec off the schema", { valor: { valorRec: "89,90" } }, "rec.valor.valorRec"],
    [
      "a valorMinimoRecebedor off the schema",
      { valor: { valorMinimoRecebedor: "1" } },
      "rec.valor.valorMinimoRecebedor",
    ],
    [
      "both valorRec and valorMinimoRecebedor",
      { valor: { valorRec: "1.00", valorMinimoRecebedor: "1.00" } },
      "rec.valor",
    ],
    ["a recebedor off the schema", { recebedor: { convenio: "x".repeat(61) } }, "rec.recebedor.convenio"],
    ["a politicaRetentativa off the schema", { politicaRetentativa: "PERMITE_SEMPRE" }, "rec.politicaRetentativa"],
    ["a loc that does not exist", { loc: 123 }, "rec.loc"],
  ])("POST refuses %s", async (_, extra, propriedade) => {
    const before = await db().recurrence.count({ where: { userId: shop.userId } });
    expect(recViolations(await postRec(shop.bearer, recBody(extra)))).toContain(propriedade);
    expect(await db().recurrence.count({ where: { userId: shop.userId } })).toBe(before);
  });

  it.each([
    [
      "a dataInicial before the creation day",
      { calendario: { dataInicial: plusDays(today(), -1) } },
      "rec.calendario.dataInicial",
    ],
    ["a loc that does not exist", { loc: 5 }, "rec.loc"],
    ["a status other than CANCELADA", { status: "APROVADA" }, "rec.status"],
  ])("PATCH refuses %s", async (_, body, propriedade) => {
    const idRec = await createdRec(shop.bearer);
    expect(recViolations(await pixCall(shop.bearer, "PATCH", `/rec/${idRec}`, { body }))).toContain(propriedade);
    expect((await db().recurrence.findUniqueOrThrow({ where: { idRec } })).status).toBe("CRIADA");
  });

  it("POST refuses a receiver that is a person (CPF): recebedor", async () => {
    const person = await apiPixMerchantWithKey();
    expect(recViolations(await postRec(person.bearer, recBody()))).toEqual(["rec.recebedor"]);
    expect(await db().recurrence.count({ where: { userId: person.userId } })).toBe(0);
  });

  it("GET /rec refuses fim before inicio, cpf with cnpj, an unknown status (RecConsultaInvalida)", async () => {
    const now = Date.now();
    const inicio = encodeURIComponent(new Date(now).toISOString());
    const fim = encodeURIComponent(new Date(now - 1000).toISOString());
    const res = await pixCall(
      shop.bearer,
      "GET",
      `/rec?inicio=${inicio}&fim=${fim}&cpf=12345678909&cnpj=11222333000181&status=ATIVA`,
    );
    expect(res.status).toBe(400);
    expect(res.json.type).toBe(`${PROBLEM}RecConsultaInvalida`);
    expect(res.json.violacoes.map((v: { propriedade: string }) => v.propriedade).sort()).toEqual([
      "cnpj",
      "fim",
      "status",
    ]);
    const negative = await pixCall(shop.bearer, "GET", `/rec?inicio=${inicio}&fim=${inicio}&paginacao.paginaAtual=-1`);
    expect(negative.status).toBe(400);
    expect(negative.json.type).toBe(`${PROBLEM}RecConsultaInvalida`);
  });
});
