import { beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "../../server/config";
import { db } from "../../server/db/client";
import type { Entry } from "../../server/ledger/types";
import { release } from "../../server/ledger/verbs";
import { requestRefund } from "../../server/refunds/service";
import { settleOutbox as settle } from "../support/outbox";
import { apiPixMerchant, paidCharge, pixCall, pixToKey, registerEvpKey } from "./support";

const PROBLEM = "https://pix.bcb.gov.br/api/v2/error/";
const devolucao = (e2eid: string, id: string) => `/pix/${e2eid}/devolucao/${id}`;

describe("PUT and GET /pix/{e2eid}/devolucao/{id}", () => {
  let shop: Awaited<ReturnType<typeof apiPixMerchant>>;
  let other: Awaited<ReturnType<typeof apiPixMerchant>>;
  let key: string;

  beforeAll(async () => {
    process.env.SANDBOX_SETTLEMENT_DELAY_MS = "0";
    resetConfigForTests();
    shop = await apiPixMerchant();
    other = await apiPixMerchant();
    key = await registerEvpKey(shop.accountId);
  });

  it("asks a refund (EM_PROCESSAMENTO), answers the same one again, and shows it DEVOLVIDO once settled", async () => {
    const { endToEndId } = await paidCharge(shop, 10_000n);
    const body = { valor: "7.89", descricao: "Troca de produto" };
    const asked = await pixCall(shop.bearer, "PUT", devolucao(endToEndId, "dev001"), { body });
    expect(asked.status).toBe(201);
    expect(asked.json).toEqual({
      id: "dev001",
      rtrId: expect.stringMatching(/^D[0-9]{8}\d{12}[a-zA-Z0-9]{11}$/),
      valor: "7.89",
      natureza: "ORIGINAL",
      descricao: "Troca de produto",
      horario: { solicitacao: expect.any(String) },
      status: "EM_PROCESSAMENTO",
    });

    const again = await pixCall(shop.bearer, "PUT", devolucao(endToEndId, "dev001"), {
      body: { ...body, natureza: "ORIGINAL" },
    });
    expect(again.status).toBe(201);
    expect(again.json).toEqual(asked.json);
    expect(
      await db().ledgerEntry.count({ where: { parentEndToEndId: endToEndId, reason: "pix_in:refunded_processing" } }),
    ).toBe(1);

    await settle();
    const done = await pixCall(shop.bearer, "GET", devolucao(endToEndId, "dev001"));
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ id: "dev001", rtrId: asked.json.rtrId, status: "DEVOLVIDO" });
    expect(done.json.horario.liquidacao).toEqual(expect.any(String));

    const pix = await pixCall(shop.bearer, "GET", `/pix/${endToEndId}`);
    expect(pix.json.devolucoes).toEqual([done.json]);
  });

  it("makes one refund of concurrent PUTs with the same id and body, all answering it", async () => {
    const { endToEndId } = await paidCharge(shop, 3_000n);
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => pixCall(shop.bearer, "PUT", devolucao(endToEndId, "same"), { body: { valor: "5.00" } })),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.json.rtrId)).size).toBe(1);
    expect(
      await db().ledgerEntry.count({ where: { parentEndToEndId: endToEndId, reason: "pix_in:refunded_processing" } }),
    ).toBe(1);
    await settle();
  });

  it("refuses the same id with another request, with a violation on id", async () => {
    const { endToEndId } = await paidCharge(shop, 5_000n);
    expect((await pixCall(shop.bearer, "PUT", devolucao(endToEndId, "A1"), { body: { valor: "1.00" } })).status).toBe(
      201,
    );
    await settle();
    for (const body of [{ valor: "2.00" }, { valor: "1.00", descricao: "outra" }]) {
      const res = await pixCall(shop.bearer, "PUT", devolucao(endToEndId, "A1"), { body });
      expect(res.status).toBe(400);
      expect(res.json.type).toBe(`${PROBLEM}PixDevolucaoInvalida`);
      expect(res.json.violacoes).toEqual([{ razao: expect.any(String), propriedade: "id" }]);
    }
  });

  it("refuses refunds above what is left of the original, across refunds", async () => {
    const { endToEndId } = await paidCharge(shop, 1_000n);
    const first = await pixCall(shop.bearer, "PUT", devolucao(endToEndId, "p1"), { body: { valor: "6.00" } });
    expect(first.status).toBe(201);
    await settle();
    const over = await pixCall(shop.bearer, "PUT", devolucao(endToEndId, "p2"), { body: { valor: "4.01" } });
    expect(over.status).toBe(400);
    expect(over.json.type).toBe(`${PROBLEM}PixDevolucaoInvalida`);
    expect(over.json.violacoes).toEqual([{ razao: expect.any(String), propriedade: "devolucao.valor" }]);
    const rest = await pixCall(shop.bearer, "PUT", devolucao(endToEndId, "p3"), { body: { valor: "4.00" } });
    expect(rest.status).toBe(201);
  });

  it("refuses a refund past the 90-day window", async () => {
    const { endToEndId } = await paidCharge(shop, 1_000n);
    await db().ledgerEntry.updateMany({
      where: { endToEndId, type: "credit" },
      data: { createdAt: new Date(Date.now() - 91 * 24 * 60 * 60 * 1000) },
    });
    const res = await pixCall(shop.bearer, "PUT", devolucao(endToEndId, "late"), { body: { valor: "1.00" } });
    expect(res.status).toBe(400);
    expect(res.json.type).toBe(`${PROBLEM}PixDevolucaoInvalida`);
    expect(res.json.violacoes[0].propriedade).toBe("e2eid");
  });

  it("refuses a malformed request with a violation on the field", async () => {
    const { endToEndId } = await paidCharge(shop, 1_000n);
    const cases: [unknown, string][] = [
      [{}, "devolucao.valor"],
      [{ valor: "1.5" }, "devolucao.valor"],
      [{ valor: 1.5 }, "devolucao.valor"],
      [{ valor: "abc" }, "devolucao.valor"],
      [{ valor: "0.00" }, "devolucao.valor"],
      [{ valor: "1.00", natureza: "TROCO" }, "devolucao.natureza"],
      [{ valor: "1.00", natureza: "RETIRADA" }, "devolucao.natureza"],
      [{ valor: "1.00", descricao: "x".repeat(141) }, "devolucao.descricao"],
    ];
    for (const [body, property] of cases) {
      const res = await pixCall(shop.bearer, "PUT", devolucao(endToEndId, "bad"), { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.type).toBe(`${PROBLEM}PixDevolucaoInvalida`);
      expect(res.json.violacoes.map((v: { propriedade: string }) => v.propriedade)).toContain(property);
    }
    const badId = await pixCall(shop.bearer, "PUT", devolucao(endToEndId, "a-b"), { body: { valor: "1.00" } });
    expect(badId.status).toBe(400);
    expect(badId.json.violacoes[0].propriedade).toBe("id");
    const longId = await pixCall(shop.bearer, "PUT", devolucao(endToEndId, "a".repeat(36)), {
      body: { valor: "1.00" },
    });
    expect(longId.status).toBe(400);
    const notJson = await pixCall(shop.bearer, "PUT", devolucao(endToEndId, "nj"), { rawBody: "{" });
    expect(notJson.status).toBe(400);
  });

  it("refuses a second refund while one is processing", async () => {
    const { endToEndId } = await paidCharge(shop, 1_000n);
    expect((await pixCall(shop.bearer, "PUT", devolucao(endToEndId, "f1"), { body: { valor: "1.00" } })).status).toBe(
      201,
    );
    const busy = await pixCall(shop.bearer, "PUT", devolucao(endToEndId, "f2"), { body: { valor: "1.00" } });
    expect(busy.status).toBe(400);
    expect(busy.json.type).toBe(`${PROBLEM}PixDevolucaoInvalida`);
    await settle();
  });

  it("shows a refund the rail refused as NAO_REALIZADO with its motivo", async () => {
    const endToEndId = await pixToKey(shop, key, 2_000n);
    const asked = await pixCall(shop.bearer, "PUT", devolucao(endToEndId, "nr1"), { body: { valor: "3.00" } });
    expect(asked.status).toBe(201);
    await db().$transaction(async (tx) => {
      const refund = await tx.ledgerEntry.findFirstOrThrow({ where: { endToEndId: asked.json.rtrId } });
      await release(tx, refund as Entry, "AB03: recusada pelo participante do pagador");
    });
    await settle();
    const res = await pixCall(shop.bearer, "GET", devolucao(endToEndId, "nr1"));
    expect(res.json).toMatchObject({
      status: "NAO_REALIZADO",
      motivo: "AB03: recusada pelo participante do pagador",
    });
    expect(res.json.horario.liquidacao).toBeUndefined();
  });

  it("shows a refund asked on another surface by its rtrId", async () => {
    const endToEndId = await pixToKey(shop, key, 2_000n);
    const refund = await requestRefund(db(), { userId: shop.userId, endToEndId, amountCents: 100n });
    await settle();
    const res = await pixCall(shop.bearer, "GET", devolucao(endToEndId, refund.endToEndId as string));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: refund.endToEndId, rtrId: refund.endToEndId, valor: "1.00" });
  });

  it("answers 404: unknown PIX, another merchant's PIX, unknown refund id", async () => {
    const { endToEndId } = await paidCharge(shop, 1_000n);
    const unknown = await pixCall(shop.bearer, "PUT", devolucao("E00000000202611281200aaaaaaaaaaa", "x1"), {
      body: { valor: "1.00" },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json.type).toBe(`${PROBLEM}PixNaoEncontrado`);

    const foreign = await pixCall(other.bearer, "PUT", devolucao(endToEndId, "x1"), { body: { valor: "1.00" } });
    expect(foreign.status).toBe(404);
    expect(foreign.json.type).toBe(`${PROBLEM}PixNaoEncontrado`);
    expect(await db().ledgerEntry.count({ where: { parentEndToEndId: endToEndId } })).toBe(0);

    const asked = await pixCall(shop.bearer, "PUT", devolucao(endToEndId, "mine"), { body: { valor: "1.00" } });
    expect(asked.status).toBe(201);
    const foreignRead = await pixCall(other.bearer, "GET", devolucao(endToEndId, "mine"));
    expect(foreignRead.status).toBe(404);
    expect(foreignRead.json.type).toBe(`${PROBLEM}PixNaoEncontrado`);

    const missing = await pixCall(shop.bearer, "GET", devolucao(endToEndId, "nope"));
    expect(missing.status).toBe(404);
    expect(missing.json.type).toBe(`${PROBLEM}PixDevolucaoNaoEncontrada`);
    await settle();
  });

  it("needs pix.write to ask and pix.read to read", async () => {
    const { endToEndId } = await paidCharge(shop, 1_000n);
    const readOnly = await apiPixMerchant("pix.read");
    const res = await pixCall(readOnly.bearer, "PUT", devolucao(endToEndId, "s1"), { body: { valor: "1.00" } });
    expect(res.status).toBe(403);
    expect(res.json.type).toBe(`${PROBLEM}AcessoNegado`);
  });
});
