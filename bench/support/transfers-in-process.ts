import { callersUntil } from "./callers";
/**
 * Internal transfers through the service (group commit), without HTTP: `callers` loops, each
 * moving R$ 0,01 between two random accounts of `accounts` until `seconds` have passed. Answers
 * how many transfers were made. Needs DATABASE_URL pointing at the benchmark's database.
 */
export async function transfersInProcess(accounts: string[], callers: number, seconds: number): Promise<number> {
  const { pool } = await import("../../server/db/pool");
  const { db } = await import("../../server/db/client");
  const { inBatch } = await import("../../server/ledger/write-path");
  const { transferInternal } = await import("../../server/transfers/internal");
  const owners = new Map(
    (await pool().query("SELECT id, user_id FROM accounts WHERE id = ANY($1)", [accounts])).rows.map((r) => [
      r.id as string,
      r.user_id as string,
    ]),
  );
  const pick = () => accounts[Math.floor(Math.random() * accounts.length)] as string;
  return callersUntil(callers, seconds, () => {
    const from = pick();
    let to = pick();
    while (to === from) to = pick();
    return transferInternal(inBatch(db()), {
      userId: owners.get(from) as string,
      accountId: from,
      receiverAccountId: to,
      amountCents: 1n,
    });
  });
}
