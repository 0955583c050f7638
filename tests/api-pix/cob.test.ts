import { beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { createAccount } from "../../server/accounts/service";
import { cancelCharge } from "../../server/charges/cancel";
import { listCharges } from "../../server/charges/list";
import { expireDueCharges } from "../../server/charges/service";
import { db } from "../../server/db/client";
import { createPixKey } from "../../server/pix/keys/service";
import { payBrCode } from "../../server/transfers/pay-brcode";
import { call, fundedMerchant, randomCpf } from "../support/fixtures";
import {
  type ApiPixMerchant,
  apiPixDoor,
  apiPixMerchantWithKey,
  cobBody,
  fetchLocation,
  newTxid,
  PROBLEM,
  pixCall,
  putCob,
} from "./support";

describe("API Pix cob", () => {
  let shop: ApiPixMerchant;
  let other: ApiPixMerchant;

  beforeAll(async () => {
    shop = await apiPixMerchantWithKey();
    other = await apiPixMerchantWithKey();
  });

  const cob = (extra: Record<string, unknown> = {}) => cobBody(shop.chave, extra);
  const put = (body: Record<string, unknown>, txid = newTxid(), merchant = shop) => putCob(merchant, body, txid);

  async function violation(res: { status: number; json: { type: string; violacoes?: { propriedade: string }[] } }) {
    expect(res.status, JSON.stringify(res.json)).toBe(400);
    expect(res.json.type).toBe(`${PROBLEM}CobOperacaoInvalida`);
    return res.json.violacoes?.map((v) => v.propriedade);
  }

  it("PUT creates a charge the API Pix, the account surface and the dashboard all see", async () => {
    const cpf = randomCpf();
    const { txid, res } = await put(
      cob({
        devedor: { cpf, nome: "Francisco da Silva" },
        valor: { original: "37.00", modalidadeAlteracao: 1 },
        solicitacaoPagador: "Serviço realizado.",
        infoAdicionais: [{ nome: "Campo 1", valor: "Informação 1" }],
      }),
    );
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({
      txid,
      revisao: 0,
      status: "ATIVA",
      calendario: { criacao: expect.any(String), expiracao: 3600 },
      loc: { id: expect.any(Number), tipoCob: "cob", criacao: expect.any(String) },
      devedor: { cpf, nome: "Francisco da Silva" },
      valor: { original: "37.00", modalidadeAlteracao: 1 },
      chave: shop.chave,
      solicitacaoPagador: "Serviço realizado.",
      infoAdicionais: [{ nome: "Campo 1", valor: "Informação 1" }],
    });
    expect(res.json.location).toMatch(/^[^/:]+(:\d+)?\/pix\/qr\/v2\/[0-9a-f-]{36}$/);
    expect(res.json.loc.location).toBe(res.json.location);
    expect(res.json.pixCopiaECola).toContain(res.json.location);

    const read = await pixCall(shop.bearer, "GET", `/cob/${txid}`);
    expect(read.status).toBe(200);
    expect(read.json).toEqual(res.json);

    const v4 = await call(accountApi(), "GET", `/v4/i/pix/in/dynamic-qrcode/${txid}`, { auth: shop.auth });
    expect(v4.status).toBe(200);
    expect(v4.json.data).toMatchObject({ txId: txid, amount: 37, status: "created", pixKey: shop.chave });
    const listed = await listCharges(db(), shop.userId, { search: txid, page: 1, limit: 20 });
    expect(listed.charges.map((charge) => charge.txId)).toEqual([txid]);
  });

  it("POST creates a charge with a txid of ours", async () => {
    const res = await pixCall(shop.bearer, "POST", "/cob", { body: cob() });
    expect(res.status).toBe(201);
    expect(res.json.txid).toMatch(/^[a-zA-Z0-9]{26,35}$/);
    expect(res.json.calendario.expiracao).toBe(3600);
    const defaulted = await pixCall(shop.bearer, "POST", "/cob", { body: cob({ calendario: {} }) });
    expect(defaulted.json.calendario.expiracao).toBe(86400);
  });

  it("PUT of a txid already used is refused, whoever used it", async () => {
    const { txid } = await put(cob());
    expect(await violation((await put(cob(), txid)).res)).toEqual(["cob.txid"]);
    expect(await violation((await put(cob({ chave: other.chave }), txid, other)).res)).toEqual(["cob.txid"]);
  });

  it("two PUTs of one txid at once create it once; the other is refused as a used txid", async () => {
    const txid = newTxid();
    const results = await Promise.all([put(cob(), txid), put(cob(), txid), put(cob(), txid)]);
    const statuses = results.map(({ res }) => res.status).sort();
    expect(statuses).toEqual([201, 400, 400]);
    for (const { res } of results.filter(({ res }) => res.status === 400)) {
      expect(await violation(res)).toEqual(["cob.txid"]);
    }
  });

  it("refuses every violation the specification lists for PUT, naming the field", async () => {
    const free = await pixCall(shop.bearer, "POST", "/loc", { body: { tipoCob: "cob" } });
    const cobv = await pixCall(shop.bearer, "POST", "/loc", { body: { tipoCob: "cobv" } });
    const used = (await put(cob())).res.json.loc.id as number;
    const othersLoc = await pixCall(other.bearer, "POST", "/loc", { body: { tipoCob: "cob" } });
    const cases: [Record<string, unknown>, string][] = [
      [cob({ calendario: { expiracao: 0 } }), "cob.calendario.expiracao"],
      [cob({ calendario: { expiracao: -5 } }), "cob.calendario.expiracao"],
      [cob({ calendario: { expiracao: 1.5 } }), "cob.calendario.expiracao"],
      [cob({ valor: { original: "abc" } }), "cob.valor.original"],
      [cob({ valor: { original: "10.5" } }), "cob.valor.original"],
      [cob({ valor: { original: "1.234" } }), "cob.valor.original"],
      [cob({ valor: { original: "0.00" } }), "cob.valor.original"],
      [cob({ valor: { original: "9999999999.99" } }), "cob.valor.original"],
      [cob({ valor: { original: "1.00", modalidadeAlteracao: 2 } }), "cob.valor.modalidadeAlteracao"],
      [cob({ valor: { original: "1.00", retirada: { saque: { valor: "5.00" } } } }), "cob.valor.retirada"],
      [cob({ devedor: { cpf: randomCpf(), cnpj: "12345678000195", nome: "Dois" } }), "cob.devedor"],
      [cob({ devedor: { nome: "Sem documento" } }), "cob.devedor"],
      [cob({ devedor: { cpf: randomCpf() } }), "cob.devedor"],
      [cob({ devedor: { cpf: "12345678900", nome: "Dígito errado" } }), "cob.devedor"],
      [cob({ devedor: { cpf: "123", nome: "Curto" } }), "cob.devedor"],
      [cob({ chave: "not a key" }), "cob.chave"],
      [cob({ chave: "x".repeat(78) }), "cob.chave"],
      [cob({ chave: crypto.randomUUID() }), "cob.chave"],
      [cob({ chave: other.chave }), "cob.chave"],
      [cob({ solicitacaoPagador: "x".repeat(141) }), "cob.solicitacaoPagador"],
      [cob({ infoAdicionais: [{ nome: "x".repeat(51), valor: "v" }] }), "cob.infoAdicionais.0.nome"],
      [cob({ infoAdicionais: [{ nome: "sem valor" }] }), "cob.infoAdicionais.0.valor"],
      [cob({ loc: { id: 999999999 } }), "cob.loc.id"],
      [cob({ loc: { id: othersLoc.json.id } }), "cob.loc.id"],
      [cob({ loc: { id: used } }), "cob.loc.id"],
      [cob({ loc: { id: cobv.json.id } }), "cob.loc.id"],
      [{ calendario: {}, valor: { original: "1.00" } }, "cob.chave"],
      [{ calendario: {}, chave: shop.chave }, "cob.valor"],
    ];
    for (const [body, field] of cases) {
      const { res } = await put(body);
      expect(await violation(res), JSON.stringify(body)).toContain(field);
    }
    // the free location is still free after the refusals
    const bound = await put(cob({ loc: { id: free.json.id } }));
    expect(bound.res.status).toBe(201);
    expect(bound.res.json.loc.id).toBe(free.json.id);
  });

  it("answers odd bodies and queries with a problem, never a 500", async () => {
    for (const body of [
      [],
      "texto",
      null,
      cob({ valor: null }),
      cob({ devedor: null }),
      cob({ calendario: { expiracao: "3600" } }),
      cob({ calendario: { expiracao: 2 ** 40 } }),
      cob({ infoAdicionais: "x" }),
      cob({ infoAdicionais: Array.from({ length: 51 }, () => ({ nome: "a", valor: "b" })) }),
      cob({ loc: { id: "1" } }),
      cob({ loc: { id: 1e20 } }),
      cob({ chave: 5 }),
    ]) {
      const { res } = await put(body as Record<string, unknown>);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const far = await pixCall(
      shop.bearer,
      "GET",
      "/cob?inicio=2020-01-01T00:00:00Z&fim=2100-01-01T00:00:00Z&paginacao.paginaAtual=999999999&paginacao.itensPorPagina=1000",
    );
    expect(far.status).toBe(200);
    expect(far.json.cobs).toEqual([]);
    const farLoc = await pixCall(
      shop.bearer,
      "GET",
      "/loc?inicio=2020-01-01T00:00:00Z&fim=2100-01-01T00:00:00Z&paginacao.paginaAtual=999999999",
    );
    expect(farLoc.status).toBe(200);
    const rev = await pixCall(shop.bearer, "GET", `/cob/${(await put(cob())).txid}?revisao=999999999`);
    expect(rev.status).toBe(400);
  });

  it("refuses a malformed txid on PUT", async () => {
    const { res } = await put(cob(), "short");
    expect(await violation(res)).toEqual(["cob.txid"]);
    const long = await put(cob(), "a".repeat(36));
    expect(await violation(long.res)).toEqual(["cob.txid"]);
  });

  it("PATCH revises an active cob, one revision per change, and GET answers each revision", async () => {
    const { txid } = await put(cob({ solicitacaoPagador: "primeira" }));
    const revised = await pixCall(shop.bearer, "PATCH", `/cob/${txid}`, {
      body: { valor: { original: "50.10" }, devedor: { cnpj: "12345678000195", nome: "Empresa SA" } },
    });
    expect(revised.status, JSON.stringify(revised.json)).toBe(200);
    expect(revised.json).toMatchObject({ revisao: 1, valor: { original: "50.10" }, status: "ATIVA" });
    expect(revised.json.devedor).toEqual({ cnpj: "12345678000195", nome: "Empresa SA" });
    const same = await pixCall(shop.bearer, "PATCH", `/cob/${txid}`, { body: { valor: { original: "50.10" } } });
    expect(same.json.revisao).toBe(1);
    const longer = await pixCall(shop.bearer, "PATCH", `/cob/${txid}`, { body: { calendario: { expiracao: 7200 } } });
    expect(longer.json).toMatchObject({ revisao: 2, calendario: { expiracao: 7200 } });

    const first = await pixCall(shop.bearer, "GET", `/cob/${txid}?revisao=0`);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ revisao: 0, valor: { original: "37.00" }, solicitacaoPagador: "primeira" });
    expect(first.json.devedor).toBeUndefined();
    expect((await pixCall(shop.bearer, "GET", `/cob/${txid}?revisao=1`)).json.calendario.expiracao).toBe(3600);
    expect((await pixCall(shop.bearer, "GET", `/cob/${txid}?revisao=2`)).json.calendario.expiracao).toBe(7200);
    const missing = await pixCall(shop.bearer, "GET", `/cob/${txid}?revisao=3`);
    expect(missing.status).toBe(400);
    expect(missing.json.type).toBe(`${PROBLEM}CobConsultaInvalida`);
    const negative = await pixCall(shop.bearer, "GET", `/cob/${txid}?revisao=-1`);
    expect(negative.json.type).toBe(`${PROBLEM}CobConsultaInvalida`);

    const v4 = await call(accountApi(), "GET", `/v4/i/pix/in/dynamic-qrcode/${txid}`, { auth: shop.auth });
    expect(v4.json.data.amount).toBe(50.1);
  });

  it("PATCH moves a cob to another location without a new revision; the old URL answers 410", async () => {
    const { txid, res } = await put(cob());
    const loc = await pixCall(shop.bearer, "POST", "/loc", { body: { tipoCob: "cob" } });
    const moved = await pixCall(shop.bearer, "PATCH", `/cob/${txid}`, { body: { loc: { id: loc.json.id } } });
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({ revisao: 0, loc: { id: loc.json.id }, location: loc.json.location });
    expect(moved.json.pixCopiaECola).toContain(loc.json.location);
    const oldLoc = await pixCall(shop.bearer, "GET", `/loc/${res.json.loc.id}`);
    expect(oldLoc.json.txid).toBeUndefined();
    expect((await fetchLocation(res.json.location)).status).toBe(410);
    const served = await fetchLocation(loc.json.location);
    expect(served.payload).toMatchObject({ txid, revisao: 0, status: "ATIVA", valor: { original: "37.00" } });
  });

  it("PATCH removes a cob; a removed cob takes no change; removal with changes and other statuses are refused", async () => {
    const { txid } = await put(cob());
    const both = await pixCall(shop.bearer, "PATCH", `/cob/${txid}`, {
      body: { status: "REMOVIDA_PELO_USUARIO_RECEBEDOR", valor: { original: "1.00" } },
    });
    expect(await violation(both)).toEqual(["cob.status"]);
    const wrong = await pixCall(shop.bearer, "PATCH", `/cob/${txid}`, { body: { status: "CONCLUIDA" } });
    expect(await violation(wrong)).toEqual(["cob.status"]);
    const removed = await pixCall(shop.bearer, "PATCH", `/cob/${txid}`, {
      body: { status: "REMOVIDA_PELO_USUARIO_RECEBEDOR" },
    });
    expect(removed.status).toBe(200);
    expect(removed.json).toMatchObject({ status: "REMOVIDA_PELO_USUARIO_RECEBEDOR", revisao: 1 });
    const after = await pixCall(shop.bearer, "PATCH", `/cob/${txid}`, { body: { solicitacaoPagador: "tarde" } });
    expect(await violation(after)).toEqual(["cob.status"]);
    const again = await put(cob(), txid);
    expect(await violation(again.res)).toEqual(["cob.txid"]);
    const charge = await db().charge.findUniqueOrThrow({ where: { txId: txid } });
    expect(charge.status).toBe("cancelled");
    for (const body of [{ calendario: { expiracao: 0 } }, { valor: { original: "0.00" } }, { chave: other.chave }]) {
      const { txid: active } = await put(cob());
      const res = await pixCall(shop.bearer, "PATCH", `/cob/${active}`, { body });
      expect((await violation(res))?.length).toBe(1);
    }
  });

  it("PATCH chave moves a cob to the key's account, unless that account holds the cob's externalId", async () => {
    const second = await createAccount(db(), { userId: shop.userId, name: "Filial", document: randomCpf() });
    const key = await createPixKey(db(), { callerId: shop.userId, accountId: second.id }, { type: "EVP" });
    const { txid } = await put(cob());
    const moved = await pixCall(shop.bearer, "PATCH", `/cob/${txid}`, { body: { chave: key.key } });
    expect(moved.json).toMatchObject({ chave: key.key, revisao: 1 });
    expect((await db().charge.findUniqueOrThrow({ where: { txId: txid } })).accountId).toBe(second.id);
    const externalId = `pedido-${newTxid()}`;
    const create = (accountId: string) =>
      call(accountApi(), "POST", "/v4/i/pix/in/dynamic-qrcode", {
        auth: shop.auth,
        body: { accountId, amount: 1, externalId },
      });
    const first = await create(shop.accountId);
    expect((await create(second.id)).status).toBe(200);
    const clash = await pixCall(shop.bearer, "PATCH", `/cob/${first.json.data.txId}`, { body: { chave: key.key } });
    expect(await violation(clash)).toEqual(["cob.chave"]);
  });

  it("answers CobNaoEncontrado for an unknown txid and for another merchant's", async () => {
    const { txid } = await put(cob());
    for (const [merchant, id] of [
      [shop, newTxid()],
      [other, txid],
    ] as const) {
      for (const method of ["GET", "PATCH"]) {
        const res = await pixCall(merchant.bearer, method, `/cob/${id}`, {
          ...(method === "PATCH" ? { body: { solicitacaoPagador: "x" } } : {}),
        });
        expect(res.status).toBe(404);
        expect(res.json.type).toBe(`${PROBLEM}CobNaoEncontrado`);
      }
    }
    const listed = await pixCall(other.bearer, "GET", `/cob?inicio=2020-01-01T00:00:00Z&fim=2100-01-01T00:00:00Z`);
    expect(listed.json.cobs.map((c: { txid: string }) => c.txid)).not.toContain(txid);
    const untouched = await pixCall(shop.bearer, "GET", `/cob/${txid}`);
    expect(untouched.json.revisao).toBe(0);
  });

  it("paying a cob in the sandbox makes it CONCLUIDA with its PIX, one revision more, and moves the ledger", async () => {
    const { txid } = await put(cob({ valor: { original: "12.34" } }));
    const before = await db().account.findUniqueOrThrow({ where: { id: shop.accountId } });
    const paid = await call(accountApi(), "POST", `/v4/i/sandbox/pix/in/dynamic-qrcode/${txid}/pay`, {
      auth: shop.auth,
      body: {},
    });
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);
    const after = await db().account.findUniqueOrThrow({ where: { id: shop.accountId } });
    expect(after.availableCents + after.blockedCents - before.availableCents - before.blockedCents).toBeGreaterThan(0n);
    const read = await pixCall(shop.bearer, "GET", `/cob/${txid}`);
    expect(read.json).toMatchObject({ status: "CONCLUIDA", revisao: 1 });
    expect(read.json.pix).toEqual([
      { endToEndId: expect.stringMatching(/^E/), txid, valor: "12.34", horario: expect.any(String) },
    ]);
    expect((await pixCall(shop.bearer, "GET", `/cob/${txid}?revisao=0`)).json.status).toBe("ATIVA");
    const events = await db().outboxEvent.findMany({ where: { entryId: txid }, orderBy: { createdAt: "asc" } });
    expect(events.map((event) => event.topic)).toEqual(["charge.created", "charge.paid"]);
    const late = await pixCall(shop.bearer, "PATCH", `/cob/${txid}`, { body: { solicitacaoPagador: "x" } });
    expect(await violation(late)).toEqual(["cob.status"]);
  });

  it("asks cob.write to create and cob.read to read", async () => {
    const reader = await apiPixMerchantWithKey("cob.read");
    const refused = await pixCall(reader.bearer, "PUT", `/cob/${newTxid()}`, { body: cob({ chave: reader.chave }) });
    expect(refused.status).toBe(403);
    expect(refused.json.type).toBe(`${PROBLEM}AcessoNegado`);
    const writer = await apiPixMerchantWithKey("cob.write");
    const read = await pixCall(writer.bearer, "GET", `/cob/${newTxid()}`);
    expect(read.status).toBe(403);
  });

  it("documents the cob and loc operations in the surface's OpenAPI document", async () => {
    const res = await call(apiPixDoor, "GET", "/api/pix/v2/openapi.json");
    expect(res.status).toBe(200);
    const operations = Object.entries(res.json.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace("/api/pix/v2", "")}`),
    );
    expect(operations).toEqual(
      expect.arrayContaining([
        "PUT /cob/{txid}",
        "PATCH /cob/{txid}",
        "GET /cob/{txid}",
        "POST /cob",
        "GET /cob",
        "POST /loc",
        "GET /loc",
        "GET /loc/{id}",
        "DELETE /loc/{id}/txid",
      ]),
    );
    expect(res.json.components.schemas.CobSolicitada.required).toEqual(["calendario", "valor", "chave"]);
  });

  it("another merchant paying its pixCopiaECola concludes it; the dashboard's cancel removes it", async () => {
    const { res } = await put(cob({ valor: { original: "3.00" } }));
    const payer = await fundedMerchant(10_000n);
    await payBrCode(db(), {
      userId: payer.userId,
      accountId: payer.accountId,
      emv: res.json.pixCopiaECola,
      amountCents: null,
    });
    const paid = await pixCall(shop.bearer, "GET", `/cob/${res.json.txid}`);
    expect(paid.json).toMatchObject({ status: "CONCLUIDA", revisao: 1, pix: [{ valor: "3.00" }] });

    const { txid } = await put(cob());
    await cancelCharge(db(), shop.userId, txid);
    const removed = await pixCall(shop.bearer, "GET", `/cob/${txid}`);
    expect(removed.json).toMatchObject({ status: "REMOVIDA_PELO_USUARIO_RECEBEDOR", revisao: 1 });
  });

  it("an expired cob is removed by the PSP, one revision more", async () => {
    const { txid } = await put(cob({ calendario: { expiracao: 1 } }));
    await expireDueCharges(db(), new Date(Date.now() + 5_000));
    const read = await pixCall(shop.bearer, "GET", `/cob/${txid}`);
    expect(read.json).toMatchObject({ status: "REMOVIDA_PELO_PSP", revisao: 1 });
    expect((await pixCall(shop.bearer, "GET", `/cob/${txid}?revisao=0`)).json.status).toBe("ATIVA");
  });
});
