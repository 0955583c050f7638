import { randomUUID } from "node:crypto";

const BATCH = Number(process.env.BATCH ?? 32);
const FN = process.env.FN ?? "ledger_post_many";
const { pool } = await import("../server/db/pool");
const { changeArgument, jsonArgument } = await import("../server/ledger/apply");
const { legs } = await import("../server/ledger/movements");
const rows = (await pool().query("SELECT id, user_id FROM accounts WHERE available_cents > 0 ORDER BY id")).rows as {
  id: string;
  user_id: string;
}[];
const pick = () => rows[Math.floor(Math.random() * rows.length)] as { id: string; user_id: string };
const party = {
  name: "Bench 12",
  document: "11222333000181",
  personType: "company",
  agency: "0001",
  bank: "x",
  account: "000000000001",
};
function change() {
  const a = pick();
  let b = pick();
  while (b === a) b = pick();
  const id = randomUUID();
  const shared = {
    grossCents: 1n,
    obs: null,
    payer: party,
    receiver: party,
    requestId: null,
    status: "succeeded" as const,
  };
  return changeArgument({
    entries: [
      {
        ...shared,
        id,
        accountId: a.id,
        userId: a.user_id,
        type: "debit",
        reason: "internal:transfer_out",
        externalId: null,
      },
      {
        ...shared,
        id: randomUUID(),
        accountId: b.id,
        userId: b.user_id,
        type: "credit",
        reason: "internal:transfer_in",
        counterpartEntryId: id,
      },
      // biome-ignore lint/suspicious/noExplicitAny: scratch
    ] as any,
    legs: legs.transfer(a.id, b.id, 1n).map((l) => ({ ...l, entry: 0 })),
  });
}
const c = await pool().connect();
console.log("pid", (await c.query("select pg_backend_pid() p")).rows[0].p);
async function round(n: number) {
  let ms = 0;
  for (let i = 0; i < n; i++) {
    const arg = jsonArgument(Array.from({ length: BATCH }, change));
    const t = performance.now();
    await c.query(`SELECT ${FN}($1::jsonb)`, [arg]);
    ms += performance.now() - t;
  }
  return ms;
}
await round(20);
const ms = await round(Number(process.env.ROUNDS ?? 150));
console.log(
  `${FN} batch ${BATCH}: ${(ms / Number(process.env.ROUNDS ?? 150) / BATCH).toFixed(3)} ms per change (${(ms / Number(process.env.ROUNDS ?? 150)).toFixed(2)} ms per call)`,
);
c.release();
await pool().end();
