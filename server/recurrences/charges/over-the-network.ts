/**
 * A due attempt of a recurring charge on the PIX network: the payer's institution pays it with a
 * pacs.008 of Pix Automático carrying the charge's txid and the attempt's end-to-end id, and the
 * incoming state machine settles it (arrival.ts). On the simulated network (the sandbox's payer)
 * this asks the simulator's institution to send it and waits until it is settled here; on the
 * real network the payer's institution sends it on its own.
 */
import type { Db } from "../../db/client";
import { settledArrival } from "../../pix/arrival-wait";
import { pixRail } from "../../pix/current-rail";
import { payerOfRecurrence } from "./lifecycle";

/** True once the attempt's payment has been settled here; false when no simulated payer sends it. */
export async function payOverTheNetwork(db: Db, attemptId: bigint): Promise<boolean> {
  const send = pixRail().sendFromSimulatedInstitution;
  if (!send) return false;
  const attempt = await db.recurringChargeAttempt.findUniqueOrThrow({
    where: { id: attemptId },
    include: { charge: { include: { recurrence: true } } },
  });
  const { charge } = attempt;
  const account = await db.account.findUniqueOrThrow({ where: { id: charge.accountId } });
  // sent once: a pass that finds it again (the payment under way, or refused) waits for its outcome
  const known = await db.railPayment.findUnique({ where: { id: attempt.endToEndId } });
  if (!known) {
    await send({
      kind: "payment",
      amountCents: charge.amountCents,
      creditorKey: null,
      creditorAccount: account.id,
      creditorBranch: account.agency,
      initiation: "AUTO",
      txId: charge.txId,
      payer: payerOfRecurrence(charge.recurrence),
      endToEndId: attempt.endToEndId,
    });
  }
  await settledArrival(db, attempt.endToEndId);
  return true;
}
