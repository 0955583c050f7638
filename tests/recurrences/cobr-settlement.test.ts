/** Settling recurring charges: every status move of a charge and its attempts (docs/decisions/0041). */
import { beforeAll, describe, expect, it } from "vitest";
import { plusDays } from "../../server/charges/due-date/calendar";
import { db } from "../../server/db/client";
import type { RecurringChargeInput } from "../../server/recurrences/charges/model";
import { setPayerFailure } from "../../server/recurrences/charges/payer";
import { createRecurringCharge, getRecurringCharge } from "../../server/recurrences/charges/service";
import { settleRecurringCharges } from "../../server/recurrences/charges/settlement";
import { settleRecurrence } from "../../server/recurrences/service";
import { approvedRec, recurringChargeInput } from "../api-pix/cobr-support";
import { apiPixCompanyWithKey } from "../api-pix/rec-support";
import type { ApiPixMerchant } from "../api-pix/support";

const at = (day: string) => new Date(`${day}T15:00:00Z`);

describe("recurring charge settlement", () => {
  let shop: ApiPixMerchant;

  beforeAll(async () => {
    shop = await apiPixCompanyWithKey();
  });

  /** A new approved recurrence and a charge of it due on a business day ahead. */
  async function charge(recExtra: Record<string, unknown> = {}, extra: Partial<RecurringChargeInput> = {}) {
    const idRec = await approvedRec(shop, recExtra);
    const input = recurringChargeInput(shop, idRec, { adjustBusinessDay: false, ...extra });
    const created = await createRecurringCharge(db(), input);
    return { idRec, txId: created.txId, due: input.dueDate };
  }

  const read = (txId: string) => getRecurringCharge(db(), shop.userId, txId);
  const credited = async (txId: string) =>
    db().ledgerEntry.aggregate({
      where: { entryRef: txId, reason: "pix_in:credited" },
      _sum: { grossCents: true },
      _count: true,
    });
  const events = (txId: string) =>
    db().outboxEvent.findMany({
      where: { topic: "recurring_charge.updated", entryId: txId },
      orderBy: { createdAt: "asc" },
    });

  it("CRIADA → ATIVA when scheduled, then CONCLUIDA on its day: the merchant credited once, every move announced", async () => {
    const { idRec, txId, due } = await charge();
    await settleRecurringCharges(db(), new Date(), idRec);
    let cobr = await read(txId);
    expect(cobr.status).toBe("ATIVA");
    expect(cobr.attempts.map((a) => [a.kind, a.status])).toEqual([["AGND", "AGENDADA"]]);
    // not before its day
    await settleRecurringCharges(db(), at(plusDays(due, -1)), idRec);
    expect((await read(txId)).status).toBe("ATIVA");
    await settleRecurringCharges(db(), at(due), idRec);
    cobr = await read(txId);
    expect(cobr.status).toBe("CONCLUIDA");
    expect(cobr.attempts[0]?.status).toBe("PAGA");
    expect(cobr.paidEndToEndId).toBe(cobr.attempts[0]?.endToEndId);
    expect(await credited(txId)).toMatchObject({ _count: 1, _sum: { grossCents: 8990n } });
    expect((await events(txId)).map((e) => (e.payload as { status: string }).status)).toEqual(["ATIVA", "CONCLUIDA"]);
    expect((await events(txId))[0]?.payload).toEqual({ txid: txId, idRec, status: "ATIVA" });
    await settleRecurringCharges(db(), at(plusDays(due, 1)), idRec);
    expect(await credited(txId)).toMatchObject({ _count: 1 });
  });

  it("a starved payer's attempt is rejected with its code; the next day the job retries and the funded payer pays", async () => {
    const { idRec, txId, due } = await charge();
    await setPayerFailure(db(), shop.userId, idRec, "AM02");
    await settleRecurringCharges(db(), at(due), idRec);
    let cobr = await read(txId);
    expect(cobr.status).toBe("ATIVA");
    expect(cobr.attempts[0]).toMatchObject({ status: "REJEITADA", rejection: { codigo: "AM02" } });
    await setPayerFailure(db(), shop.userId, idRec, null);
    await settleRecurringCharges(db(), at(plusDays(due, 1)), idRec);
    cobr = await read(txId);
    expect(cobr.status).toBe("CONCLUIDA");
    expect(cobr.attempts.map((a) => [a.kind, a.status])).toEqual([
      ["AGND", "REJEITADA"],
      ["RIFL", "PAGA"],
    ]);
    expect(await credited(txId)).toMatchObject({ _count: 1, _sum: { grossCents: 8990n } });
  });

  it("a code that ends the charge rejects it at once (REJEITADA with encerramento.rejeicao)", async () => {
    const { idRec, txId, due } = await charge();
    await setPayerFailure(db(), shop.userId, idRec, "MSUC");
    await settleRecurringCharges(db(), at(due), idRec);
    const cobr = await read(txId);
    expect(cobr.status).toBe("REJEITADA");
    expect(cobr.closure).toMatchObject({ rejeicao: { codigo: "MSUC" } });
  });

  it("without retries a failed attempt expires the charge; with them, three failed retries do", async () => {
    const single = await charge({ politicaRetentativa: "NAO_PERMITE" });
    await setPayerFailure(db(), shop.userId, single.idRec, "AM02");
    await settleRecurringCharges(db(), at(single.due), single.idRec);
    expect((await read(single.txId)).status).toBe("EXPIRADA");

    const retried = await charge();
    await setPayerFailure(db(), shop.userId, retried.idRec, "AM02");
    for (let day = 0; day <= 3; day++)
      await settleRecurringCharges(db(), at(plusDays(retried.due, day)), retried.idRec);
    const cobr = await read(retried.txId);
    expect(cobr.status).toBe("EXPIRADA");
    expect(cobr.attempts.map((a) => a.kind)).toEqual(["AGND", "RIFL", "RIFL", "RIFL"]);
    expect(await credited(retried.txId)).toMatchObject({ _count: 0 });
  });

  it("a charge whose recurrence was cancelled is cancelled instead of charged", async () => {
    const { idRec, txId, due } = await charge();
    await settleRecurringCharges(db(), new Date(), idRec);
    await settleRecurrence(db(), shop.userId, idRec, {
      to: "CANCELADA",
      solicitante: "USUARIO_PAGADOR",
      codigo: "SLDB",
      descricao: "Cancelada pelo pagador.",
    });
    await settleRecurringCharges(db(), at(due), idRec);
    const cobr = await read(txId);
    expect(cobr.status).toBe("CANCELADA");
    expect(cobr.closure).toMatchObject({ cancelamento: { solicitante: "PSP_RECEBEDOR", codigo: "CCLD" } });
    expect(cobr.attempts[0]?.status).toBe("CANCELADA");
    expect(await credited(txId)).toMatchObject({ _count: 0 });
  });

  it("two concurrent settlement runs charge a cycle once", async () => {
    const { idRec, txId, due } = await charge();
    await settleRecurringCharges(db(), new Date(), idRec);
    const reports = await Promise.all(Array.from({ length: 4 }, () => settleRecurringCharges(db(), at(due), idRec)));
    expect(reports.reduce((sum, r) => sum + r.paid, 0)).toBe(1);
    expect((await read(txId)).status).toBe("CONCLUIDA");
    expect(await credited(txId)).toMatchObject({ _count: 1, _sum: { grossCents: 8990n } });
  });

  it("concurrent passes over many charges pay each plain one once in batches, and leave the rest to the per-charge path", async () => {
    const plain = await Promise.all(Array.from({ length: 6 }, () => charge()));
    const starved = await charge();
    await setPayerFailure(db(), shop.userId, starved.idRec, "MSUC");
    const withdrawn = await charge();
    await settleRecurrence(db(), shop.userId, withdrawn.idRec, {
      to: "CANCELADA",
      solicitante: "USUARIO_PAGADOR",
      codigo: "SLDB",
      descricao: "Cancelada pelo pagador.",
    });
    const all = [...plain, starved, withdrawn];
    const scope = all.map((c) => c.idRec);
    const activations = await Promise.all(
      Array.from({ length: 4 }, () => settleRecurringCharges(db(), new Date(), scope)),
    );
    expect(activations.reduce((sum, r) => sum + r.activated, 0)).toBe(7);
    expect((await read(withdrawn.txId)).status).toBe("CANCELADA");
    const reports = await Promise.all(
      Array.from({ length: 4 }, () => settleRecurringCharges(db(), at(plain[0]?.due as string), scope)),
    );
    expect(reports.reduce((sum, r) => sum + r.paid, 0)).toBe(6);
    expect(reports.reduce((sum, r) => sum + r.failed, 0)).toBe(1);
    for (const { txId } of plain) {
      const cobr = await read(txId);
      expect(cobr.status).toBe("CONCLUIDA");
      expect(cobr.attempts.map((a) => [a.kind, a.status])).toEqual([["AGND", "PAGA"]]);
      expect(cobr.paidEndToEndId).toBe(cobr.attempts[0]?.endToEndId);
      expect(await credited(txId)).toMatchObject({ _count: 1, _sum: { grossCents: 8990n } });
      expect((await events(txId)).map((e) => (e.payload as { status: string }).status)).toEqual(["ATIVA", "CONCLUIDA"]);
    }
    const rejected = await read(starved.txId);
    expect(rejected.status).toBe("REJEITADA");
    expect(rejected.closure).toMatchObject({ rejeicao: { codigo: "MSUC" } });
    expect(await credited(starved.txId)).toMatchObject({ _count: 0 });
    expect(await credited(withdrawn.txId)).toMatchObject({ _count: 0 });
  });
});
