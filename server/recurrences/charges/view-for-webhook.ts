/**
 * The recurring charge (`cobr`) as its webhooks deliver it — API Pix `CobRNotification` inside
 * `{ cobsr: [...] }` to `{webhookcobr}/cobr`, and the `object` of the account surface's
 * `pix_automatico:charge_updated` — read as it stands when the `recurring_charge.updated` event
 * is fanned out (server/webhooks/recurrence-fanout.ts). Null: no such cobr of this merchant
 * (nothing is sent).
 */
import { cobrView } from "../../api-pix/views/cobr";
import { db } from "../../db/client";

export async function cobrViewForWebhook(userId: string, txid: string): Promise<Record<string, unknown> | null> {
  const charge = await db().recurringCharge.findFirst({
    where: { txId: txid, userId },
    include: { attempts: { orderBy: { id: "asc" } } },
  });
  if (!charge) return null;
  const [rec, account] = await Promise.all([
    db().recurrence.findUniqueOrThrow({ where: { idRec: charge.idRec } }),
    db().account.findUniqueOrThrow({ where: { id: charge.accountId } }),
  ]);
  return cobrView(charge, rec, account);
}
