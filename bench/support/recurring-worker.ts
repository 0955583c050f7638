/**
 * One settlement worker process of bench/recurring.ts: the body of the `recurring-charges.settle`
 * job (`settleRecurringCharges`) at the clock the bench injects (SETTLE_AT, the due day's noon: the
 * job takes `now` from its context, the bench's day is days ahead), pass after pass until a pass
 * finds nothing. Says "ready" once its connection is open, starts on a line of stdin, and ends
 * with one line of JSON: its passes and what they did.
 */
import { createInterface } from "node:readline";
import { db } from "../../server/db/client";
import { type SettlementReport, settleRecurringCharges } from "../../server/recurrences/charges/settlement";

const now = new Date(process.env.SETTLE_AT as string);
await db().$queryRaw`SELECT 1`;
console.log("ready");
const lines = createInterface({ input: process.stdin });
await new Promise((resolve) => lines.once("line", resolve));
lines.close();
const done: SettlementReport = { activated: 0, paid: 0, failed: 0, cancelled: 0, retried: 0 };
let passes = 0;
for (;;) {
  const pass = await settleRecurringCharges(db(), now);
  passes += 1;
  for (const key of Object.keys(done) as (keyof SettlementReport)[]) done[key] += pass[key];
  if (Object.values(pass).every((count) => count === 0)) break;
}
console.log(JSON.stringify({ passes, ...done }));
await db().$disconnect();
process.exit(0);
