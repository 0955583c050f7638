/**
 * Automatic billing (docs/decisions/0051): the `recurring-charges.create` pass creates the next
 * cycle's charge of each approved auto-charged recurrence, within its window, once; the settlement
 * pass then charges it. Each pass is limited to this file's recurrences.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { type CalendarDate, plusDays, todayInSaoPaulo } from "../../server/charges/due-date/calendar";
import { dateText } from "../../server/charges/due-date/record";
import { db } from "../../server/db/client";
import { createDueAutoCharges } from "../../server/recurrences/charges/auto-create";
import { firstSettlementDate } from "../../server/recurrences/charges/lifecycle";
import { noonOf } from "../../server/recurrences/charges/sandbox";
import { settleRecurringCharges } from "../../server/recurrences/charges/settlement";
import type { Periodicity } from "../../server/recurrences/model";
import { createRecurrence, settleRecurrence } from "../../server/recurrences/service";
import { approvedRec } from "../api-pix/cobr-support";
import { apiPixCompanyWithKey } from "../api-pix/rec-support";
import type { ApiPixMerchant } from "../api-pix/support";
import { randomCpf } from "../support/fixtures";

describe("automatic billing", () => {
  let shop: ApiPixMerchant;
  /** the first cycle of every recurrence here: ten days ahead */
  const start = plusDays(todayInSaoPaulo(), 10);

  beforeAll(async () => {
    shop = await apiPixCompanyWithKey();
  });

  /** An approved recurrence of 89.90 billed automatically. */
  async function autoRec(periodicity: Periodicity = "MENSAL", extra: { startDate?: string; endDate?: string } = {}) {
    const rec = await createRecurrence(db(), {
      userId: shop.userId,
      contract: "CT-AUTO",
      debtor: { name: "Ana Souza", document: randomCpf() },
      startDate: start,
      periodicity,
      amountCents: 8990n,
      retryPolicy: "PERMITE_3R_7D",
      autoCharge: true,
      ...extra,
    });
    await settleRecurrence(db(), shop.userId, rec.idRec, { to: "APROVADA" });
    return rec.idRec;
  }

  /** Each recurrence's charges' due dates. */
  async function dueDates(idRecs: string[]): Promise<Record<string, CalendarDate[]>> {
    const charges = await db().recurringCharge.findMany({
      where: { idRec: { in: idRecs } },
      orderBy: { dueDate: "asc" },
    });
    return Object.fromEntries(
      idRecs.map((idRec) => [idRec, charges.filter((c) => c.idRec === idRec).map((c) => dateText(c.dueDate))]),
    );
  }

  it("creates the due cycle's charge of each auto-charged recurrence once: none for API ones, none outside the window or past the end", async () => {
    const due = await autoRec();
    const early = await autoRec("MENSAL", { startDate: plusDays(start, 1) });
    const weekly = await autoRec("SEMANAL");
    const ending = await autoRec("SEMANAL", { endDate: plusDays(start, 3) });
    const api = await approvedRec(shop, { calendario: { dataInicial: start, periodicidade: "MENSAL" } });
    expect(await db().recurrence.findUniqueOrThrow({ where: { idRec: api } })).toMatchObject({ autoCharge: false });
    const all = [due, early, weekly, ending, api];

    // three days before the first cycle: due in 3 days, but not the one due in 4
    const first = noonOf(plusDays(start, -3));
    expect(await createDueAutoCharges(db(), first, all)).toEqual({ created: 3, taken: 0, refused: 0 });
    expect(await createDueAutoCharges(db(), first, all)).toEqual({ created: 0, taken: 0, refused: 0 });
    const charge = await db().recurringCharge.findFirstOrThrow({ where: { idRec: due } });
    expect(charge).toMatchObject({ status: "CRIADA", amountCents: 8990n, accountId: shop.accountId });

    // a week on: the weekly one's next cycle, not the one past its end
    await createDueAutoCharges(db(), noonOf(plusDays(start, 4)), all);
    expect(await dueDates(all)).toEqual({
      [due]: [start],
      [early]: [],
      [weekly]: [start, plusDays(start, 7)],
      [ending]: [start],
      [api]: [],
    });

    // a cycle due tomorrow can no longer be sent (2 to 10 days before): left alone
    const late = await autoRec();
    expect(await createDueAutoCharges(db(), noonOf(plusDays(start, -1)), [late])).toMatchObject({ created: 0 });
    expect(await dueDates([late])).toEqual({ [late]: [] });
  });

  it("two concurrent passes create each cycle once; settlement then credits each charge once", async () => {
    const recs = await Promise.all(Array.from({ length: 5 }, () => autoRec()));
    const at = noonOf(plusDays(start, -3));
    const reports = await Promise.all([createDueAutoCharges(db(), at, recs), createDueAutoCharges(db(), at, recs)]);
    expect(reports.reduce((sum, r) => sum + r.created, 0)).toBe(5);
    expect(reports.reduce((sum, r) => sum + r.refused, 0)).toBe(0);
    expect(Object.values(await dueDates(recs))).toEqual(recs.map(() => [start]));

    await settleRecurringCharges(db(), at, recs);
    const charges = await db().recurringCharge.findMany({ where: { idRec: { in: recs } } });
    const payday = firstSettlementDate(charges[0] as (typeof charges)[number]);
    await settleRecurringCharges(db(), noonOf(payday), recs);
    await settleRecurringCharges(db(), noonOf(plusDays(payday, 1)), recs);
    const txIds = charges.map((c) => c.txId);
    expect((await db().recurringCharge.findMany({ where: { txId: { in: txIds } } })).map((c) => c.status)).toEqual(
      recs.map(() => "CONCLUIDA"),
    );
    const credits = await db().ledgerEntry.groupBy({
      by: ["entryRef"],
      where: { entryRef: { in: txIds }, reason: "pix_in:credited" },
      _count: true,
      _sum: { grossCents: true },
    });
    expect(credits.map((c) => [c._count, c._sum.grossCents])).toEqual(recs.map(() => [1, 8990n]));
    // and the next pass leaves the charged cycle alone
    expect(await createDueAutoCharges(db(), noonOf(payday), recs)).toMatchObject({ created: 0, refused: 0 });
  });
});
