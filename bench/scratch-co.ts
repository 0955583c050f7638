import { randomUUID } from "node:crypto";
const BATCH = Number(process.env.BATCH ?? 10);
const { pool } = await import("../server/db/pool");
const { changeArgument, jsonArgument } = await import("../server/ledger/apply");
const { legs } = await import("../server/ledger/movements");
const rows = (await pool().query("SELECT id, user_id FROM accounts WHERE available_cents > 0 ORDER BY id")).rows as { id: string; user_id: string }[];
const pick = () => rows[Math.floor(Math.random() * rows.length)] as { id: string; user_id: string };
function change() {
  const a = pick();
  const id = randomUUID();
  return changeArgument({ entries: [
    { id, accountId: a.id, userId: a.user_id, type: "debit", reason: "pix_out:key", status: "processing", grossCents: 1n, externalId: `ext-${id}`, endToEndId: `E${id.replaceAll("-", "")}`, pixKey: "x@y.com", payer: { name: "A", document: "1" }, receiver: { name: "B", document: "2" } },
  // biome-ignore lint/suspicious/noExplicitAny: scratch
  ] as any, legs: legs.hold(a.id, 1n).map((l) => ({ ...l, entry: 0 })) });
}
const c = await pool().connect();
async function round(fn: string, n: number) { let ms = 0; for (let i = 0; i < n; i++) { const arg = jsonArgument(Array.from({ length: BATCH }, change)); const t = performance.now(); const r = await c.query(`SELECT ${fn}($1::jsonb) o`, [arg]); ms += performance.now() - t; if (i === 0 && JSON.stringify(r.rows[0].o).includes("error")) console.log(fn, "ERR", JSON.stringify(r.rows[0].o).slice(0, 200)); } return ms / n; }
for (const fn of (process.env.FNS ?? "lpm_v2p,ledger_post_many").split(",")) { await round(fn, 20); console.log(fn, (await round(fn, 150)).toFixed(2), "ms per call of", BATCH); }
c.release(); await pool().end();
