/**
 * The recurring charge (`cobr`) as its webhooks deliver it — API Pix `CobRNotification` inside
 * `{ cobsr: [...] }` to `{webhookcobr}/cobr`, and the `object` of the account surface's
 * `pix_automatico:charge_updated` — read as it stands when the `recurring_charge.updated` event
 * is fanned out (server/webhooks/recurrence-fanout.ts).
 *
 * A stub until the recurring charges land (branch i35/cobr): there is no cobr to read, so nothing
 * is delivered. The merger replaces the body with the cobr capability's view, keeping the
 * signature; null still means "no such cobr of this merchant" (nothing is sent).
 */
export async function cobrViewForWebhook(_userId: string, _txid: string): Promise<Record<string, unknown> | null> {
  return null;
}
