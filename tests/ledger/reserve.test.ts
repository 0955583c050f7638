/**
 * The settlement account (the `spi` bucket) against known movements: the daily report's figures
 * to the centavo across São Paulo days, and `ledger verify`'s proof that the books tie out to it,
 * which a forged posting breaks. The reserve is platform-wide, so this file runs on a database of
 * its own: other files' PIX would change every figure, and the forgery would fail their checks.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../server/cli/run";
import { createDb, type Db } from "../../server/db/client";
import { newEndToEndId } from "../../server/ledger/ids";
import { reserveReport } from "../../server/ledger/reserve";
import type { Entry } from "../../server/ledger/types";
import { hold, receive, settle } from "../../server/ledger/verbs";
import { BOOKS_TIE_OUT, verifyLedger } from "../../server/ledger/verify";
import { inCallerTransaction } from "../../server/ledger/write-path";
import { transferInternal } from "../../server/transfers/internal";
import { createRunDatabase, type RunDatabase } from "../support/database";
import { newMerchant } from "../support/fixtures";

const ISPB = "99999999";
let run: RunDatabase;
let dbx: Db;
let shop: Awaited<ReturnType<typeof newMerchant>>;
let other: Awaited<ReturnType<typeof newMerchant>>;
let internalSeq: bigint;

const merchant = (name: string) => newMerchant({ name, database: dbx });

/** Runs `work`, then dates every posting it wrote at `at` (postings carry the moment money moved). */
async function postedAt<T>(at: string, work: () => Promise<T>): Promise<T> {
  const [row] = await dbx.$queryRaw<{ last: bigint | null }[]>`SELECT MAX(id) AS last FROM ledger_postings`;
  const result = await work();
  await dbx.$executeRaw`UPDATE ledger_postings SET created_at = ${new Date(at)} WHERE id > ${row?.last ?? 0n}`;
  return result;
}

const pixIn = (amountCents: bigint) =>
  dbx.$transaction((tx) =>
    receive(tx, {
      endToEndId: newEndToEndId("E", ISPB),
      accountId: shop.accountId,
      userId: shop.userId,
      reason: "pix_in:credited",
      grossCents: amountCents,
    }),
  );

/** A held debit (a PIX out or a refund), settled later through SPI. */
const held = (entry: { reason: Entry["reason"]; grossCents: bigint; feeCents?: bigint; parentEndToEndId?: string }) => {
  const endToEndId = newEndToEndId(entry.reason === "pix_in:refunded_processing" ? "D" : "E", ISPB);
  return dbx.$transaction((tx) =>
    hold(tx, { id: endToEndId, endToEndId, accountId: shop.accountId, userId: shop.userId, ...entry }),
  );
};
const settled = (entry: Entry) => dbx.$transaction((tx) => settle(tx, entry));

function capture() {
  const out: string[] = [];
  return { io: { out: (line: string) => out.push(line), err: (line: string) => out.push(line) }, out };
}

beforeAll(async () => {
  run = await createRunDatabase("pix_reserve");
  dbx = createDb(run.url, 4);
  shop = await merchant("Padaria Central");
  other = await merchant("Mercado Sul");

  // 12:00 on 29 November in São Paulo (UTC-3): the reserve before the period.
  await postedAt("2026-11-29T15:00:00Z", () => pixIn(10_000n));
  // 00:00:00.000 on 30 November in São Paulo: the first instant of the day.
  const paid = await postedAt("2026-11-30T03:00:00Z", () => pixIn(50_000n));
  // A PIX out held on the 30th and settled at 23:59:59.999 the same São Paulo day (already
  // 1 December in UTC): 30.00 leaves the reserve, the 1.50 fee stays with the platform.
  const out = await postedAt("2026-11-30T14:00:00Z", () =>
    held({ reason: "pix_out:processing", grossCents: 3_000n, feeCents: 150n }),
  );
  await postedAt("2026-12-01T02:59:59.999Z", () => settled(out));
  // An internal transfer on 1 December: money between two merchants, none through SPI.
  const internal = await postedAt("2026-12-01T12:00:00Z", () =>
    dbx.$transaction((tx) =>
      transferInternal(inCallerTransaction(tx), {
        userId: shop.userId,
        accountId: shop.accountId,
        receiverAccountId: other.accountId,
        amountCents: 2_000n,
      }),
    ),
  );
  internalSeq = internal.seq;
  // A refund of the 500.00 received, held and settled on 1 December (its last millisecond).
  const refund = await postedAt("2026-12-01T13:00:00Z", () =>
    held({ reason: "pix_in:refunded_processing", grossCents: 4_000n, parentEndToEndId: paid.endToEndId as string }),
  );
  await postedAt("2026-12-02T02:59:59.999Z", () => settled(refund));
  // 00:00 on 2 December in São Paulo: the next day's.
  await postedAt("2026-12-02T03:00:00Z", () => pixIn(700n));
});

afterAll(async () => {
  await dbx?.$disconnect();
  await run?.release();
});

describe("the reserve report", () => {
  it("gives each São Paulo day its opening, money in, money out and closing, to the centavo", async () => {
    const report = await reserveReport(dbx, { from: "2026-11-30", to: "2026-12-01" });
    expect(report).toEqual({
      from: "2026-11-30",
      to: "2026-12-01",
      days: [
        { day: "2026-11-30", openingCents: 10_000n, creditsCents: 50_000n, debitsCents: 3_000n, closingCents: 57_000n },
        { day: "2026-12-01", openingCents: 57_000n, creditsCents: 0n, debitsCents: 4_000n, closingCents: 53_000n },
      ],
    });
  });

  it("chains the days: each opens where the last closed, from an empty reserve to today's", async () => {
    const report = await reserveReport(dbx, { from: "2026-11-28", to: "2026-12-03" });
    expect(report.days.map((d) => [d.day, d.openingCents, d.creditsCents, d.debitsCents, d.closingCents])).toEqual([
      ["2026-11-28", 0n, 0n, 0n, 0n],
      ["2026-11-29", 0n, 10_000n, 0n, 10_000n],
      ["2026-11-30", 10_000n, 50_000n, 3_000n, 57_000n],
      ["2026-12-01", 57_000n, 0n, 4_000n, 53_000n],
      ["2026-12-02", 53_000n, 700n, 0n, 53_700n],
      ["2026-12-03", 53_700n, 0n, 0n, 53_700n],
    ]);
  });

  it("leaves the internal transfer out: it moved two merchants' money and not the reserve", async () => {
    const postings = await dbx.ledgerPosting.findMany({ where: { entrySeq: internalSeq } });
    expect(postings.map((p) => [p.bucket, p.amountCents]).sort()).toEqual([
      ["available", -2_000n],
      ["available", 2_000n],
    ]);
    // 1 December's only movement through SPI is the refund's 40.00.
    const [day] = (await reserveReport(dbx, { from: "2026-12-01", to: "2026-12-01" })).days;
    expect(day).toMatchObject({ creditsCents: 0n, debitsCents: 4_000n });
  });

  it("defaults to the 30 days ending today", async () => {
    const report = await reserveReport(dbx, {}, new Date("2026-12-02T12:00:00Z"));
    expect(report.from).toBe("2026-11-03");
    expect(report.days).toHaveLength(30);
    expect(report.days.at(-1)).toEqual({
      day: "2026-12-02",
      openingCents: 53_000n,
      creditsCents: 700n,
      debitsCents: 0n,
      closingCents: 53_700n,
    });
  });

  it("answers the CLI in JSON (centavos as strings) and for people", async () => {
    const json = capture();
    const args = ["ledger", "reserve", "--from", "2026-11-30", "--to", "2026-12-01"];
    expect(await runCli(dbx, json.io, [...args, "--json"])).toBe(0);
    expect(JSON.parse(json.out.join("\n"))).toEqual({
      from: "2026-11-30",
      to: "2026-12-01",
      days: [
        { day: "2026-11-30", openingCents: "10000", creditsCents: "50000", debitsCents: "3000", closingCents: "57000" },
        { day: "2026-12-01", openingCents: "57000", creditsCents: "0", debitsCents: "4000", closingCents: "53000" },
      ],
    });
    const text = capture();
    expect(await runCli(dbx, text.io, args)).toBe(0);
    expect(text.out.join("\n")).toMatch(/2026-11-30\s+100\.00\s+500\.00\s+30\.00\s+570\.00/);
    expect(text.out.join("\n")).toMatch(/2026-12-01\s+570\.00\s+0\.00\s+40\.00\s+530\.00/);
  });

  it("refuses a malformed or backwards period on the CLI as bad usage", async () => {
    expect(await runCli(dbx, capture().io, ["ledger", "reserve", "--from", "2026-02-30"])).toBe(2);
    const backwards = capture();
    expect(await runCli(dbx, backwards.io, ["ledger", "reserve", "--from", "2026-12-02", "--to", "2026-12-01"])).toBe(
      2,
    );
    expect(backwards.out.join("\n")).toContain("from must not be after to");
  });
});

describe("ledger verify: the books tie out to the reserve", () => {
  it("merchant balances + fees = the reserve's movements", async () => {
    const result = await verifyLedger(dbx);
    expect(result.violations).toEqual([]);
    // shop 100 + 500 − 31.50 − 20 − 40 + 7 = 515.50, the other merchant 20.00, fees 1.50
    expect(result.books).toEqual({ merchantBalancesCents: 53_550n, feesCents: 150n, reserveCents: 53_700n });
  });

  it("fails, with both figures, once a posting is forged", async () => {
    // As the database's owner, past every verb: 12.34 that never came through SPI, posted to the
    // shop without moving its balance (a transaction that does not balance would not commit).
    const forged = randomUUID();
    await dbx.$executeRaw`
      INSERT INTO ledger_postings (transaction_id, entry_seq, account_id, bucket, amount_cents)
      VALUES (${forged}::uuid, ${internalSeq}, NULL, 'spi', -1234),
             (${forged}::uuid, ${internalSeq}, ${shop.accountId}, 'available', 1234)`;
    const result = await verifyLedger(dbx);
    expect(result.ok).toBe(false);
    expect(result.violations).toContainEqual({
      invariant: BOOKS_TIE_OUT,
      detail: "merchant balances 53550 + fees 150 = 53700 centavos, reserve movements 54934 centavos",
    });
    const cli = capture();
    expect(await runCli(dbx, cli.io, ["ledger", "verify"])).toBe(1);
    expect(cli.out.join("\n")).toContain(`✗ ${BOOKS_TIE_OUT}: merchant balances 53550 + fees 150`);
  });
});
