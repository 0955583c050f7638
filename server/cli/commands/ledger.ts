import { parseArgs } from "node:util";
import type { Db } from "../../db/client";
import { verifyLedger } from "../../ledger/verify";
import { type CliIo, emit, UsageError } from "../io";

export const LEDGER_USAGE = "ledger verify [--json]";

/** Exit code 1 when any invariant is violated. */
export async function ledgerCommand(db: Db, io: CliIo, args: string[]): Promise<number> {
  const [action, ...rest] = args;
  if (action !== "verify") throw new UsageError(`usage: ${LEDGER_USAGE}`);
  const { values } = parseArgs({ args: rest, options: { json: { type: "boolean", default: false } }, strict: true });
  const result = await verifyLedger(db);
  emit(io, values.json, result, () => [
    result.ok ? "ledger verified: every invariant holds" : `ledger has ${result.violations.length} violation(s):`,
    ...result.violations.map((v) => `  ✗ ${v.invariant}: ${v.detail}`),
    `  checked ${result.checked.entries} entries, ${result.checked.postings} postings, ${result.checked.accounts} accounts`,
  ]);
  return result.ok ? 0 : 1;
}
