/**
 * `callers` loops, each running `once` again and again until `seconds` have passed. Answers how
 * many runs were made.
 */
export async function callersUntil(callers: number, seconds: number, once: () => Promise<unknown>): Promise<number> {
  const until = Date.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (Date.now() < until) {
        await once();
        done++;
      }
    }),
  );
  return done;
}

/**
 * Internal transfers through the service (group commit), without HTTP: `callers` loops, each
 * moving R$ 0,01 between two random accounts of `accounts` until `seconds` have passed. Answers
 * how many transfers were made. Needs DATABASE_URL pointing at the benchmark's database.
 */
export async function transfersInProcess(accounts: string[], callers: number, seconds: number): Promise<number> {
  const { pool } = await import("../../server/db/pool");
  const { db } = await import("../../server/db/client");
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
    return transferInternal(db(), {
      userId: owners.get(from) as string,
      accountId: from,
      receiverAccountId: to,
      amountCents: 1n,
    });
  });
}
