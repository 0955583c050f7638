/**
 * The books' daily report and fee revenue against known movements (./support.ts): each type's
 * opening, credits, debits, fees and closing to the centavo, day 1's closing as day 2's opening,
 * the tie-out to the settlement account, and a difference flagged once the postings are forged.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BooksLine, dailyBooks } from "../../server/books/daily";
import { feeRevenue } from "../../server/books/fees";
import { runCli } from "../../server/cli/run";
import { reserveReport } from "../../server/ledger/reserve";
import { type Books, knownBooks } from "./support";

let books: Books;

beforeAll(async () => {
  books = await knownBooks("pix_books_daily");
});

afterAll(async () => {
  await books?.dbx.$disconnect();
  await books?.run.release();
});

const figures = (lines: BooksLine[]) =>
  lines.map((l) => [l.type, l.openingCents, l.creditsCents, l.debitsCents, l.feesCents, l.closingCents]);

function capture() {
  const out: string[] = [];
  return { io: { out: (line: string) => out.push(line), err: (line: string) => out.push(line) }, out };
}

describe("the daily books", () => {
  it("gives each type its opening, credits, debits, fees and closing, day by day", async () => {
    const report = await dailyBooks(books.dbx, { from: "2026-11-30", to: "2026-12-01" });
    expect(report.tiesOut).toBe(true);
    const [first, second] = report.days;
    // The hold of the company's PIX out moved money inside its account: neither credit nor debit.
    expect(figures(first?.lines ?? [])).toEqual([
      ["person", 0n, 50_000n, 5_150n, 150n, 44_850n],
      ["company", 0n, 20_000n, 0n, 0n, 20_000n],
      ["programme", 0n, 2_100n, 0n, 0n, 2_100n],
      ["fees", 0n, 150n, 0n, 150n, 150n],
      ["spi", 0n, 70_100n, 3_000n, 0n, 67_100n],
    ]);
    expect(figures(second?.lines ?? [])).toEqual([
      ["person", 44_850n, 0n, 0n, 0n, 44_850n],
      ["company", 20_000n, 9_901n, 5_200n, 299n, 24_701n],
      ["programme", 2_100n, 900n, 0n, 0n, 3_000n],
      ["fees", 150n, 299n, 0n, 299n, 449n],
      ["spi", 67_100n, 10_900n, 5_000n, 0n, 73_000n],
    ]);
    expect(first?.lines.map((l) => l.closingCents)).toEqual(second?.lines.map((l) => l.openingCents));
  });

  it("ties each day out to the settlement account's own report", async () => {
    const report = await dailyBooks(books.dbx, { from: "2026-11-29", to: "2026-12-02" });
    const reserve = await reserveReport(books.dbx, { from: "2026-11-29", to: "2026-12-02" });
    for (const [index, day] of report.days.entries()) {
      const spi = day.lines.find((l) => l.type === "spi");
      const own = reserve.days[index];
      expect([spi?.openingCents, spi?.creditsCents, spi?.debitsCents, spi?.closingCents]).toEqual([
        own?.openingCents,
        own?.creditsCents,
        own?.debitsCents,
        own?.closingCents,
      ]);
      expect(day.tieOut.reserveCents).toBe((own?.creditsCents ?? 0n) - (own?.debitsCents ?? 0n));
      expect(day.tieOut).toMatchObject({ differenceCents: 0n, closingDifferenceCents: 0n });
    }
    // 1 December: customers 56.01 + fees 2.99 = the reserve's 59.00
    expect(report.days[2]?.tieOut).toEqual({
      customersCents: 5_601n,
      feesCents: 299n,
      reserveCents: 5_900n,
      differenceCents: 0n,
      closingDifferenceCents: 0n,
    });
  });

  it("sums the fee revenue by product and by merchant", async () => {
    const revenue = await feeRevenue(books.dbx, { from: "2026-11-01", to: "2026-12-31" });
    expect(revenue.totalCents).toBe(449n);
    expect(revenue.byProduct).toEqual([
      { product: "pix_out", entries: 2, feesCents: 350n },
      { product: "pix_in_key", entries: 1, feesCents: 99n },
    ]);
    expect(revenue.byMerchant.map((m) => [m.accountId, m.name, m.entries, m.feesCents])).toEqual([
      [books.company.accountId, "Mercado Sul Ltda", 2, 299n],
      [books.person.accountId, "Padaria Central", 1, 150n],
    ]);
    const firstDay = await feeRevenue(books.dbx, { from: "2026-11-30", to: "2026-11-30" });
    expect(firstDay.byMerchant.map((m) => m.feesCents)).toEqual([150n]);
  });

  it("answers the CLI for one day, in JSON and for people", async () => {
    const json = capture();
    expect(await runCli(books.dbx, json.io, ["books", "daily", "--date", "2026-12-01", "--json"])).toBe(0);
    const day = JSON.parse(json.out.join("\n"));
    expect(day.day).toBe("2026-12-01");
    expect(day.lines[1]).toEqual({
      type: "company",
      openingCents: "20000",
      creditsCents: "9901",
      debitsCents: "5200",
      feesCents: "299",
      closingCents: "24701",
    });
    const text = capture();
    expect(await runCli(books.dbx, text.io, ["books", "daily", "--date", "2026-12-01"])).toBe(0);
    expect(text.out.join("\n")).toMatch(/company\s+200\.00\s+99\.01\s+52\.00\s+2\.99\s+247\.01/);
    expect(text.out.join("\n")).toContain("tie-out: customers 56.01 + fees 2.99 = reserve 59.00 ✓");
    expect(await runCli(books.dbx, capture().io, ["books", "daily", "--date", "2026-02-30"])).toBe(2);
  });

  it("flags the day whose postings no longer tie out", async () => {
    // As the database's owner, past every trigger: 12.34 credited to the person on 5 December
    // with nothing through the settlement account (a ledger transaction that does not balance).
    const [entry] = await books.dbx.$queryRaw<{ seq: bigint }[]>`SELECT MIN(seq) AS seq FROM ledger_entries`;
    await books.dbx.$transaction([
      books.dbx.$executeRaw`SET LOCAL session_replication_role = replica`,
      books.dbx.$executeRaw`
        INSERT INTO ledger_postings (transaction_id, entry_seq, account_id, bucket, amount_cents, created_at)
        VALUES (${randomUUID()}::uuid, ${entry?.seq}, ${books.person.accountId}, 'available', 1234,
                '2026-12-05T12:00:00Z')`,
    ]);
    const report = await dailyBooks(books.dbx, { from: "2026-12-04", to: "2026-12-06" });
    expect(report.tiesOut).toBe(false);
    expect(report.days.map((d) => [d.day, d.tieOut.differenceCents, d.tieOut.closingDifferenceCents])).toEqual([
      ["2026-12-04", 0n, 0n],
      ["2026-12-05", 1_234n, 1_234n],
      ["2026-12-06", 0n, 1_234n],
    ]);
    const text = capture();
    expect(await runCli(books.dbx, text.io, ["books", "daily", "--date", "2026-12-05"])).toBe(1);
    expect(text.out.join("\n")).toContain("✗ difference 12.34");
  });
});
