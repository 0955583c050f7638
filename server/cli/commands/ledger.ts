import { parseArgs } from "node:util";
import type { Db } from "../../db/client";
import { reserveReport } from "../../ledger/reserve";
import { ReserveQuery } from "../../ledger/schema";
import { verifyLedger } from "../../ledger/verify";
import { centsToBrl } from "../../money";
import { type CliIo, emit, UsageError } from "../io";

export const LEDGER_USAGE = [
  "ledger verify [--json]",
  "       ledger reserve [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--json]",
].join("\n");

const brl = (cents: bigint) => centsToBrl(cents).toFixed(2);

/** Exit code 1 when any invariant is violated. */
export async function ledgerCommand(db: Db, io: CliIo, args: string[]): Promise<number> {
  const [action, ...rest] = args;
  if (action === "reserve") return reserveCommand(db, io, rest);
  if (action !== "verify") throw new UsageError(`usage: ${LEDGER_USAGE}`);
  const { values } = parseArgs({ args: rest, options: { json: { type: "boolean", default: false } }, strict: true });
  const result = await verifyLedger(db);
  const { merchantBalancesCents, feesCents, reserveCents } = result.books;
  emit(io, values.json, result, () => [
    result.ok ? "ledger verified: every invariant holds" : `ledger has ${result.violations.length} violation(s):`,
    ...result.violations.map((v) => `  ✗ ${v.invariant}: ${v.detail}`),
    `  checked ${result.checked.entries} entries, ${result.checked.postings} postings, ${result.checked.accounts} accounts`,
    `  merchant balances ${brl(merchantBalancesCents)} + fees ${brl(feesCents)}, reserve (spi) ${brl(reserveCents)} BRL`,
  ]);
  return result.ok ? 0 : 1;
}

/** The settlement account's days (server/ledger/reserve.ts): opening, money in, money out, closing. */
async function reserveCommand(db: Db, io: CliIo, args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { from: { type: "string" }, to: { type: "string" }, json: { type: "boolean", default: false } },
    strict: true,
  });
  const query = ReserveQuery.safeParse({ from: values.from, to: values.to });
  if (!query.success) {
    const issue = query.error.issues[0];
    throw new UsageError(`--${String(issue?.path[0] ?? "from")} ${issue?.message ?? "is invalid"}`);
  }
  const report = await reserveReport(db, query.data);
  const column = (text: string) => text.padStart(14);
  emit(io, values.json, report, () => [
    `settlement account (spi), ${report.from} to ${report.to}, BRL`,
    `  ${"day".padEnd(10)}${["opening", "in", "out", "closing"].map(column).join("")}`,
    ...report.days.map(
      (d) =>
        `  ${d.day}${[d.openingCents, d.creditsCents, d.debitsCents, d.closingCents].map((c) => column(brl(c))).join("")}`,
    ),
  ]);
  return 0;
}
