/** The sandbox payer and clock of Pix Automático's recurring charges (docs/decisions/0041). */
import { beforeAll, describe, expect, it } from "vitest";
import { accountApi } from "../../server/account-api/app";
import { db } from "../../server/db/client";
import { approvedRec } from "../api-pix/cobr-support";
import { apiPixCompanyWithKey } from "../api-pix/rec-support";
import { type ApiPixMerchant, pixCall } from "../api-pix/support";
import { call } from "../support/fixtures";

const PATH = "/v4/i/sandbox/pix/automatico/recurrences";
type Shop = ApiPixMerchant;
type Step = {
  txid: string;
  dueDate: string;
  status: string;
  attempts: { kind: string; status: string; rejectionCode: string | null }[];
};

describe("sandbox payer and clock: Pix Automático recurring charges", () => {
  let shop: Shop;
  let other: Shop;

  beforeAll(async () => {
    // the merchant carries its key's Basic credentials (auth) for the account surface
    shop = await apiPixCompanyWithKey();
    other = await apiPixCompanyWithKey();
  });

  const post = (who: Shop, path: string, body?: unknown) =>
    call(accountApi(), "POST", `${PATH}/${path}`, { auth: who.auth, ...(body !== undefined ? { body } : {}) });
  const advance = async (idRec: string) => {
    const res = await post(shop, `${idRec}/advance`, { createCharge: true });
    if (res.status !== 200) throw new Error(`advance: ${res.status} ${res.text}`);
    return res.json.data as Step;
  };

  it("runs a year of monthly charges, one failed and retried the next day, crediting exactly twelve cycles", async () => {
    const idRec = await approvedRec(shop);
    const before = await db().account.findUniqueOrThrow({ where: { id: shop.accountId } });
    const dues: string[] = [];
    for (let cycle = 0; cycle < 12; cycle++) {
      if (cycle === 4) {
        const starved = await post(shop, `${idRec}/starve`, { code: "AM02" });
        expect(starved.json.data).toEqual({ idRec, failureCode: "AM02" });
        const failed = await advance(idRec);
        expect(failed.status).toBe("ATIVA");
        expect(failed.attempts).toEqual([
          expect.objectContaining({ kind: "AGND", status: "REJEITADA", rejectionCode: "AM02" }),
        ]);
        expect((await post(shop, `${idRec}/fund`)).json.data).toEqual({ idRec, failureCode: null });
      }
      const step = await advance(idRec);
      expect(step.status).toBe("CONCLUIDA");
      expect(step.attempts.map((a) => [a.kind, a.status])).toEqual(
        cycle === 4
          ? [
              ["AGND", "REJEITADA"],
              ["RIFL", "PAGA"],
            ]
          : [["AGND", "PAGA"]],
      );
      dues.push(step.dueDate);
    }
    expect(new Set(dues).size).toBe(12);
    const after = await db().account.findUniqueOrThrow({ where: { id: shop.accountId } });
    expect(after.availableCents - before.availableCents).toBe(12n * 8990n);
    const credits = await db().ledgerEntry.aggregate({
      where: {
        accountId: shop.accountId,
        reason: "pix_in:credited",
        entryRef: { in: (await db().recurringCharge.findMany({ where: { idRec } })).map((c) => c.txId) },
      },
      _sum: { grossCents: true },
      _count: true,
    });
    expect(credits).toMatchObject({ _count: 12, _sum: { grossCents: 107_880n } });
    // each cycle's charge is read through the API Pix as CONCLUIDA
    const charges = await db().recurringCharge.findMany({ where: { idRec } });
    expect(charges.map((c) => c.status)).toEqual(Array(12).fill("CONCLUIDA"));
  });

  it("makes the next cycle's charge only when asked; the one it made reads CONCLUIDA through the API Pix", async () => {
    const idRec = await approvedRec(shop);
    const refused = await post(shop, `${idRec}/advance`);
    expect(refused.status).toBe(409);
    const txid = (await post(shop, `${idRec}/advance`, { createCharge: true })).json.data.txid as string;
    const read = await pixCall(shop.bearer, "GET", `/cobr/${txid}`);
    expect(read.json.status).toBe("CONCLUIDA");
  });

  it("the payer cancels the recurrence: it and its live charge end, and the clock refuses it", async () => {
    const idRec = await approvedRec(shop);
    await post(shop, `${idRec}/starve`, { code: "AM02" });
    const step = await advance(idRec);
    expect(step.status).toBe("ATIVA");
    const res = await post(shop, `${idRec}/cancel`);
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({ idRec, status: "CANCELADA" });
    const read = await pixCall(shop.bearer, "GET", `/cobr/${step.txid}`);
    expect(read.json.status).toBe("CANCELADA");
    expect(read.json.encerramento.cancelamento).toMatchObject({ solicitante: "USUARIO_PAGADOR", codigo: "SLBD" });
    expect((await post(shop, `${idRec}/advance`, { createCharge: true })).status).toBe(409);
    expect((await post(shop, `${idRec}/cancel`)).status).toBe(409);
  });

  it("a code that ends the charge rejects it; someone else's recurrence is a 404", async () => {
    const idRec = await approvedRec(shop);
    await post(shop, `${idRec}/starve`, { code: "MSUC" });
    expect((await advance(idRec)).status).toBe("REJEITADA");
    for (const path of ["fund", "starve", "cancel", "advance"]) {
      expect((await post(other, `${idRec}/${path}`, {})).status).toBe(404);
    }
    expect((await post(shop, `${idRec}/starve`, { code: "XXXX" })).status).toBe(400);
  });
});
