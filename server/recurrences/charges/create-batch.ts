/**
 * Many recurring charges (cobr) of one receiving user at once, in the caller's transaction: the
 * rules of `createRecurringCharge` (service.ts) checked against what a handful of reads brings
 * (the recurrences, the accounts, the txids and the cycles already taken), then one INSERT of
 * every charge that passes. A due day's thousands of charges are a few transactions, not one each.
 *
 * One live charge per cycle holds as for a single charge: the cycles taken are read, two items of
 * the batch for one cycle refuse the second, and the partial unique index refuses a charge a
 * concurrent transaction stored meanwhile (ON CONFLICT DO NOTHING: that item is refused, the
 * others stored).
 */
import { todayInSaoPaulo } from "../../charges/due-date/calendar";
import { dateText } from "../../charges/due-date/record";
import type { Tx } from "../../db/client";
import { RecurrenceRefused } from "../model";
import type { ChargeWithAttempts, RecurringChargeInput } from "./model";
import { CYCLE_TAKEN, creationViolations, cycleOf, newChargeRow, TXID_IN_USE } from "./service";
import { CYCLE_FREEING } from "./status";

/** Each item's charge, or its refusal, in the order given. */
export type BatchOutcome = ChargeWithAttempts | RecurrenceRefused;

export async function createRecurringCharges(
  tx: Tx,
  userId: string,
  inputs: Omit<RecurringChargeInput, "userId">[],
  now = new Date(),
): Promise<BatchOutcome[]> {
  const today = todayInSaoPaulo(now);
  const idRecs = [...new Set(inputs.map((input) => input.idRec))];
  const txIds = inputs.flatMap((input) => (input.txId === undefined ? [] : [input.txId]));
  const [recs, accounts, chargesUsing, cobsUsing, live] = await Promise.all([
    tx.recurrence.findMany({ where: { userId, idRec: { in: idRecs } } }),
    tx.account.findMany({ where: { userId, status: "active", id: { in: inputs.map((i) => i.receiver.account) } } }),
    tx.recurringCharge.findMany({ where: { txId: { in: txIds } }, select: { txId: true } }),
    tx.charge.findMany({ where: { txId: { in: txIds } }, select: { txId: true } }),
    tx.recurringCharge.findMany({
      where: { idRec: { in: idRecs }, status: { notIn: [...CYCLE_FREEING] } },
      select: { idRec: true, cycleStart: true },
    }),
  ]);
  const recOf = new Map(recs.map((rec) => [rec.idRec, rec]));
  const accountOf = new Map(accounts.map((account) => [account.id, account]));
  const takenTxIds = new Set([...chargesUsing, ...cobsUsing].map((row) => row.txId));
  const takenCycles = new Set(live.map((row) => `${row.idRec} ${dateText(row.cycleStart)}`));
  type Row = ReturnType<typeof newChargeRow>;
  const outcomes: (Row | RecurrenceRefused)[] = inputs.map((item) => {
    const input = { ...item, userId };
    const rec = recOf.get(input.idRec) ?? null;
    const account = accountOf.get(input.receiver.account) ?? null;
    const txIdTaken = input.txId !== undefined && takenTxIds.has(input.txId);
    const violations = creationViolations(input, { rec, account, txIdTaken }, today);
    if (violations.length || !rec || !account) return new RecurrenceRefused(violations);
    const cycle = `${rec.idRec} ${cycleOf(rec, input.dueDate)}`;
    if (takenCycles.has(cycle)) return new RecurrenceRefused([CYCLE_TAKEN]);
    takenCycles.add(cycle);
    const row = newChargeRow(input, rec, account, now);
    takenTxIds.add(row.txId);
    return row;
  });
  const rows = outcomes.filter((outcome): outcome is Row => !(outcome instanceof RecurrenceRefused));
  const stored = new Map(
    (await tx.recurringCharge.createManyAndReturn({ data: rows, skipDuplicates: true })).map((c) => [c.txId, c]),
  );
  const lostTxIds = new Set(
    (
      await tx.recurringCharge.findMany({
        where: { txId: { in: rows.filter((r) => !stored.has(r.txId)).map((r) => r.txId) } },
        select: { txId: true },
      })
    ).map((row) => row.txId),
  );
  return outcomes.map((outcome) => {
    if (outcome instanceof RecurrenceRefused) return outcome;
    const charge = stored.get(outcome.txId);
    if (charge) return { ...charge, attempts: [] };
    // a concurrent transaction stored its txid or a charge of its cycle first
    return new RecurrenceRefused([lostTxIds.has(outcome.txId) ? TXID_IN_USE : CYCLE_TAKEN]);
  });
}
