import { describe, expect, it } from "vitest";
import type { StatementEntry } from "./data";
import { statementRow, withRunningBalance } from "./rows";

const entry = (over: Partial<StatementEntry>): StatementEntry => ({
  seq: "1",
  createdAt: new Date("2026-11-25T12:00:00Z"),
  type: "credit",
  reason: "pix_in:credited",
  status: "succeeded",
  description: null,
  externalId: null,
  endToEndId: null,
  payer: null,
  receiver: null,
  grossCents: 1_000n,
  feeCents: 0n,
  netCents: 1_000n,
  ...over,
});

async function* of(...entries: StatementEntry[]) {
  yield* entries;
}

describe("statement rows", () => {
  it("signs a debit's amounts negative and a credit's fee negative", () => {
    const debit = statementRow(entry({ type: "debit", grossCents: 1_234n, feeCents: 50n, netCents: 1_284n }), 0n);
    expect(debit).toMatchObject({ grossCents: -1_234n, feeCents: -50n, netCents: -1_284n, amountCents: -1_284n });
    const credit = statementRow(entry({ grossCents: 5_000n, feeCents: 100n, netCents: 4_900n }), 0n);
    expect(credit).toMatchObject({ grossCents: 5_000n, feeCents: -100n, netCents: 4_900n, amountCents: 4_900n });
  });

  it("runs the balance over settled rows only; failed and processing ones leave it as it was", async () => {
    const rows = [];
    for await (const row of withRunningBalance(
      of(
        entry({ netCents: 1_000n }),
        entry({ type: "debit", status: "failed", netCents: 700n }),
        entry({ type: "debit", status: "processing", netCents: 200n }),
        entry({ type: "debit", netCents: 300n }),
      ),
      500n,
    )) {
      rows.push(row);
    }
    expect(rows.map((r) => r.balanceCents)).toEqual([1_500n, 1_500n, 1_500n, 1_200n]);
    expect(rows.map((r) => r.counted)).toEqual([true, false, false, true]);
    expect(rows[1]).toMatchObject({ netCents: -700n, amountCents: 0n });
  });
});
