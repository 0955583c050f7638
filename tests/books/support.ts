/**
 * A small platform whose books are known to the centavo, on a database of its own (the books are
 * platform-wide): a person's, a company's and a programme's account, money in and out through
 * SPI across two São Paulo days, PIX out fees, an internal transfer.
 */
import { createDb, type Db } from "../../server/db/client";
import { newEndToEndId } from "../../server/ledger/ids";
import type { Entry } from "../../server/ledger/types";
import { hold, post, receive, settle } from "../../server/ledger/verbs";
import { inCallerTransaction } from "../../server/ledger/write-path";
import { transferInternal } from "../../server/transfers/internal";
import { createRunDatabase, type RunDatabase } from "../support/database";
import { newMerchant } from "../support/fixtures";

const ISPB = "99999999";
type Merchant = Awaited<ReturnType<typeof newMerchant>>;

export type Books = { run: RunDatabase; dbx: Db; person: Merchant; company: Merchant; programme: Merchant };

/** Runs `work`, then dates every posting it wrote at `at` (postings carry the moment money moved). */
export async function postedAt<T>(dbx: Db, at: string, work: () => Promise<T>): Promise<T> {
  const [row] = await dbx.$queryRaw<{ last: bigint | null }[]>`SELECT MAX(id) AS last FROM ledger_postings`;
  const result = await work();
  await dbx.$executeRaw`UPDATE ledger_postings SET created_at = ${new Date(at)} WHERE id > ${row?.last ?? 0n}`;
  return result;
}

/** A PIX from another institution, credited to `to`. */
export const received = (dbx: Db, to: Merchant, grossCents: bigint) =>
  dbx.$transaction((tx) =>
    receive(tx, {
      endToEndId: newEndToEndId("E", ISPB),
      accountId: to.accountId,
      userId: to.userId,
      reason: "pix_in:credited",
      grossCents,
    }),
  );

/**
 * 30 November (São Paulo): the person receives 500.00 and sends 30.00 (fee 1.50), then moves
 * 20.00 to the programme's account inside the platform; the company receives 200.00 and holds
 * a 50.00 PIX out (fee 2.00) that settles on 1 December, when the programme receives 10.00 and
 * the company 100.00 by key, priced 0.99 %.
 */
export async function knownBooks(prefix: string): Promise<Books> {
  const run = await createRunDatabase(prefix);
  const dbx = createDb(run.url, 4);
  const merchant = (name: string) => newMerchant({ name, database: dbx });
  const person = await merchant("Padaria Central");
  const company = await merchant("Mercado Sul Ltda");
  const programme = await merchant("=Cliente do Programa");
  await dbx.$executeRaw`UPDATE accounts SET person_type = 'company' WHERE id = ${company.accountId}`;
  await dbx.$executeRaw`UPDATE accounts SET programme_owner_id = ${person.userId}::uuid WHERE id = ${programme.accountId}`;

  const pixIn = (to: Merchant, grossCents: bigint) => received(dbx, to, grossCents);
  const held = (from: Merchant, grossCents: bigint, feeCents: bigint) => {
    const endToEndId = newEndToEndId("E", ISPB);
    return dbx.$transaction((tx) =>
      hold(tx, {
        id: endToEndId,
        endToEndId,
        accountId: from.accountId,
        userId: from.userId,
        reason: "pix_out:processing",
        grossCents,
        feeCents,
      }),
    );
  };
  const settled = (entry: Entry) => dbx.$transaction((tx) => settle(tx, entry));

  await postedAt(dbx, "2026-11-30T03:00:00Z", () => pixIn(person, 50_000n));
  await postedAt(dbx, "2026-11-30T12:00:00Z", () => pixIn(company, 20_000n));
  const out = await postedAt(dbx, "2026-11-30T13:00:00Z", () => held(person, 3_000n, 150n));
  await postedAt(dbx, "2026-11-30T14:00:00Z", () => settled(out));
  await postedAt(dbx, "2026-11-30T15:00:00Z", () =>
    dbx.$transaction((tx) =>
      transferInternal(inCallerTransaction(tx), {
        userId: person.userId,
        accountId: person.accountId,
        receiverAccountId: programme.accountId,
        amountCents: 2_000n,
      }),
    ),
  );
  const late = await postedAt(dbx, "2026-11-30T20:00:00Z", () => held(company, 5_000n, 200n));
  // 23:59:59.999 on 30 November in São Paulo is already 1 December in UTC: still the 30th.
  await postedAt(dbx, "2026-12-01T02:59:59.999Z", () => pixIn(programme, 100n));
  await postedAt(dbx, "2026-12-01T12:00:00Z", () => settled(late));
  await postedAt(dbx, "2026-12-01T13:00:00Z", () => pixIn(programme, 900n));
  // A PIX by key priced 0.99 %: 100.00 through SPI, 99.01 to the company, 0.99 to the platform.
  const endToEndId = newEndToEndId("E", ISPB);
  const paid = { id: endToEndId, endToEndId, accountId: company.accountId, userId: company.userId };
  await postedAt(dbx, "2026-12-01T14:00:00Z", () =>
    dbx.$transaction((tx) =>
      post(tx, {
        entries: [
          {
            ...paid,
            type: "credit",
            status: "succeeded",
            reason: "pix_in:credited",
            grossCents: 10_000n,
            feeCents: 99n,
          },
        ],
        legs: [
          { accountId: null, bucket: "spi", amountCents: -10_000n },
          { accountId: company.accountId, bucket: "available", amountCents: 9_901n },
          { accountId: null, bucket: "fees", amountCents: 99n },
        ],
      }),
    ),
  );
  return { run, dbx, person, company, programme };
}
