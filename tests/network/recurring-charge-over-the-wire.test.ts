/**
 * Pix Automático on the simulated network: a recurring charge's attempt is paid by the payer's
 * institution with a pacs.008 (AUTO, the charge's txid, the attempt's end-to-end id) that the
 * incoming state machine answers and settles; nothing is credited before the SPI's ACCC.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plusDays, todayInSaoPaulo } from "../../server/charges/due-date/calendar";
import { db } from "../../server/db/client";
import { advanceRecurrence } from "../../server/recurrences/charges/sandbox";
import { createRecurringCharge, getRecurringCharge } from "../../server/recurrences/charges/service";
import { settleRecurringCharges } from "../../server/recurrences/charges/settlement";
import { approvedRec } from "../api-pix/cobr-support";
import { apiPixCompanyWithKey } from "../api-pix/rec-support";
import type { ApiPixMerchant } from "../api-pix/support";
import { availableCents } from "../support/fixtures";
import { eventually, PSP_ISPB, startNetwork, type TestNetwork } from "./support";

let network: TestNetwork;
let shop: ApiPixMerchant;

beforeAll(async () => {
  // the merchant (its key kept here only) is made before the platform joins the network
  shop = await apiPixCompanyWithKey();
  network = await startNetwork({ sandbox: true });
});

afterAll(async () => {
  await network.stop();
});

async function activeCharge(amountCents = 8_990n) {
  const idRec = await approvedRec(shop);
  const created = await createRecurringCharge(db(), {
    userId: shop.userId,
    idRec,
    dueDate: plusDays(todayInSaoPaulo(), 5),
    amountCents,
    adjustBusinessDay: false,
    receiver: { account: shop.accountId, accountType: "PAGAMENTO" },
  });
  // the payer's institution schedules the first attempt (today: before its day, nothing is paid)
  await settleRecurringCharges(db(), new Date(), idRec);
  const charge = await getRecurringCharge(db(), shop.userId, created.txId);
  expect(charge.status).toBe("ATIVA");
  return { idRec, charge, attempt: charge.attempts[0] as (typeof charge.attempts)[number] };
}

describe("a recurring charge on the simulated network", () => {
  it("is paid by the payer's institution over the wire: the attempt's pacs.008, credited once on ACCC", async () => {
    const before = await availableCents(shop.accountId);
    const { idRec, charge, attempt } = await activeCharge();
    const paid = await advanceRecurrence(db(), shop.userId, idRec);
    expect(paid.status).toBe("CONCLUIDA");
    expect(paid.attempts.map((a) => a.status)).toEqual(["PAGA"]);
    expect(paid.paidEndToEndId).toBe(attempt.endToEndId);

    const sent = await network.control(`/transactions/${attempt.endToEndId}`);
    expect(sent.json).toMatchObject({ kind: "payment", localInstrument: "AUTO", txId: charge.txId, state: "settled" });
    expect(sent.json.answerStatus).toBe("ACSP");
    const railPayment = await db().railPayment.findUniqueOrThrow({ where: { id: attempt.endToEndId } });
    expect(railPayment).toMatchObject({ direction: "incoming", state: "settled" });
    const credits = await db().ledgerEntry.findMany({ where: { entryRef: charge.txId, type: "credit" } });
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ id: attempt.endToEndId, grossCents: 8_990n, reason: "pix_in:credited" });
    expect(await availableCents(shop.accountId)).toBe(before + 8_990n);
    const events = await db().outboxEvent.findMany({
      where: { topic: "recurring_charge.updated", entryId: charge.txId },
      orderBy: { createdAt: "asc" },
    });
    expect(events.map((e) => (e.payload as { status: string }).status)).toEqual(["ATIVA", "CONCLUIDA"]);
  });

  it("refuses a pacs.008 that names the charge with another amount (AM09) or an attempt it has not (DS04)", async () => {
    const { charge, attempt } = await activeCharge(8_990n);
    const wrongAmount = await network.control("/payments", {
      toIspb: PSP_ISPB,
      amount: "89.89",
      creditorAccount: shop.accountId,
      localInstrument: "AUTO",
      txId: charge.txId,
      endToEndId: attempt.endToEndId,
      debtor: { ispb: attempt.endToEndId.slice(1, 9) },
    });
    expect(wrongAmount.status).toBe(201);
    const refused = await waitForState(attempt.endToEndId, "rejected");
    expect(refused).toMatchObject({ reasonCode: "AM09" });

    const { charge: other } = await activeCharge(8_990n);
    const unknownAttempt = await network.control("/payments", {
      toIspb: PSP_ISPB,
      amount: "89.90",
      creditorAccount: shop.accountId,
      localInstrument: "AUTO",
      txId: other.txId,
    });
    expect((await waitForState(unknownAttempt.json.endToEndId, "rejected"))?.reasonCode).toBe("DS04");
    expect(await db().ledgerEntry.count({ where: { entryRef: { in: [charge.txId, other.txId] } } })).toBe(0);
    expect((await getRecurringCharge(db(), shop.userId, charge.txId)).status).toBe("ATIVA");
  });
});

const waitForState = (id: string, state: string) =>
  eventually(
    () => db().railPayment.findUnique({ where: { id } }),
    (payment) => payment?.state === state,
  );
