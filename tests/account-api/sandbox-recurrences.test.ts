/** The sandbox payer of Pix Automático: accepting or rejecting a consent request (docs/decisions/0040). */
import { beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { createApiKey } from "../../server/apikeys/service";
import { db } from "../../server/db/client";
import { type SandboxCompany, sandboxCompany } from "../api-pix/rec-support";
import { createdSolicRec } from "../api-pix/solicrec-support";
import { pixCall } from "../api-pix/support";
import { basic, call } from "../support/fixtures";

const PATH = "/v4/i/sandbox/pix/automatico/requests";
type Shop = SandboxCompany;

describe("sandbox payer: Pix Automático consent requests", () => {
  let shop: Shop;
  let other: Shop;

  beforeAll(async () => {
    shop = await sandboxCompany();
    other = await sandboxCompany();
  });

  it("accept: the request ACEITA through ENVIADA and RECEBIDA, the recurrence APROVADA", async () => {
    const { idSolicRec, idRec } = await createdSolicRec(shop.bearer);
    const res = await call(accountApi(), "POST", `${PATH}/${idSolicRec}/accept`, { auth: shop.auth });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({ idSolicRec, idRec, status: "ACEITA", recStatus: "APROVADA" });
    const read = await pixCall(shop.bearer, "GET", `/solicrec/${idSolicRec}`);
    expect(read.json.atualizacao.map((a: { status: string }) => a.status)).toEqual([
      "CRIADA",
      "ENVIADA",
      "RECEBIDA",
      "ACEITA",
    ]);
    const again = await call(accountApi(), "POST", `${PATH}/${idSolicRec}/reject`, { auth: shop.auth, body: {} });
    expect(again.status).toBe(409);
  });

  it("reject: REJEITADA, the recurrence REJEITADA with AP13 by default or the code chosen", async () => {
    const first = await createdSolicRec(shop.bearer);
    const res = await call(accountApi(), "POST", `${PATH}/${first.idSolicRec}/reject`, { auth: shop.auth });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ status: "REJEITADA", recStatus: "REJEITADA" });
    const rec = await pixCall(shop.bearer, "GET", `/rec/${first.idRec}`);
    expect(rec.json.encerramento).toEqual({ rejeicao: { codigo: "AP13", descricao: expect.any(String) } });

    const second = await createdSolicRec(shop.bearer);
    await call(accountApi(), "POST", `${PATH}/${second.idSolicRec}/reject`, {
      auth: shop.auth,
      body: { code: "AP14" },
    });
    const rec2 = await pixCall(shop.bearer, "GET", `/rec/${second.idRec}`);
    expect(rec2.json.encerramento.rejeicao.codigo).toBe("AP14");
    const bad = await call(accountApi(), "POST", `${PATH}/${second.idSolicRec}/reject`, {
      auth: shop.auth,
      body: { code: "XX99" },
    });
    expect(bad.status).toBe(400);
  });

  it("a cancelled request cannot be answered; another merchant's or an unknown one is 404 and unchanged", async () => {
    const { idSolicRec, idRec } = await createdSolicRec(shop.bearer);
    for (const id of [idSolicRec, "SC".padEnd(29, "0"), "x"]) {
      const res = await call(accountApi(), "POST", `${PATH}/${id}/accept`, { auth: other.auth });
      expect(res.status).toBe(404);
    }
    expect((await db().recurrence.findUniqueOrThrow({ where: { idRec } })).status).toBe("CRIADA");
    await pixCall(shop.bearer, "PATCH", `/solicrec/${idSolicRec}`, { body: { status: "CANCELADA" } });
    const res = await call(accountApi(), "POST", `${PATH}/${idSolicRec}/accept`, { auth: shop.auth });
    expect(res.status).toBe(409);
    expect((await db().recurrence.findUniqueOrThrow({ where: { idRec } })).status).toBe("CRIADA");
  });

  it("needs pix_in:write", async () => {
    const { idSolicRec } = await createdSolicRec(shop.bearer);
    const key = await createApiKey(db(), { userId: shop.userId, scopes: ["balance:read"], ipWhitelist: ["127.0.0.1"] });
    const res = await call(accountApi(), "POST", `${PATH}/${idSolicRec}/accept`, {
      auth: basic(key.clientId, key.clientSecret),
    });
    expect(res.status).toBe(403);
  });
});
