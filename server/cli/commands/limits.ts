import { parseArgs } from "node:util";
import type { Db } from "../../db/client";
import { inTransaction } from "../../db/transaction";
import { notFound } from "../../errors";
import type { PixLimitKind } from "../../generated/prisma/client";
import { type LimitChanges, setLimits } from "../../limits/changes";
import { LIMIT_FIELDS } from "../../limits/schema";
import { limitsView } from "../../limits/view";
import { brlToCents, centsToBrl } from "../../money";
import { cliActor } from "../actor";
import { type CliIo, emit, required, UsageError } from "../io";

export const LIMITS_USAGE =
  "limits set --account ID [--per-transaction BRL] [--daily BRL] [--monthly BRL] [--nightly-per-transaction BRL] [--nightly BRL] [--json]\n" +
  "       limits show --account ID [--json]";

const OPTIONS: Record<PixLimitKind, string> = {
  per_transaction: "per-transaction",
  daily: "daily",
  monthly: "monthly",
  nightly_per_transaction: "nightly-per-transaction",
  nightly: "nightly",
};
const brl = (cents: bigint) => centsToBrl(cents).toFixed(2);

/** Operators: show an account's PIX limits, or set them at once (audited as the CLI's user). */
export async function limitsCommand(db: Db, io: CliIo, args: string[]): Promise<void> {
  const [action, ...rest] = args;
  if (action !== "set" && action !== "show") throw new UsageError(`usage: ${LIMITS_USAGE}`);
  const { values } = parseArgs({
    args: rest,
    options: {
      account: { type: "string" },
      json: { type: "boolean", default: false },
      ...Object.fromEntries(Object.values(OPTIONS).map((name) => [name, { type: "string" as const }])),
    },
    strict: true,
  });
  required(values, "account");
  const accountId = String(values.account);
  if (!(await db.account.findUnique({ where: { id: accountId }, select: { id: true } })))
    throw notFound(`account ${accountId} not found`);
  if (action === "set") {
    const changes: LimitChanges = {};
    for (const [kind, name] of Object.entries(OPTIONS) as [PixLimitKind, string][]) {
      const given = (values as Record<string, unknown>)[name];
      if (typeof given === "string") changes[kind] = brlToCents(Number(given), undefined, `--${name}`);
    }
    if (Object.keys(changes).length === 0) throw new UsageError(`name at least one limit\nusage: ${LIMITS_USAGE}`);
    await inTransaction(db, (tx) => setLimits(tx, { accountId, changes, actor: cliActor() }));
  }
  const view = await limitsView(db, accountId);
  const limits = Object.fromEntries(
    Object.entries(LIMIT_FIELDS).map(([kind, field]) => [field, brl(view.limits[kind as PixLimitKind])]),
  );
  emit(
    io,
    Boolean(values.json),
    {
      accountId,
      limits,
      usedToday: brl(view.used.day),
      usedMonth: brl(view.used.month),
      remainingToday: brl(view.remaining.day),
      pending: view.pending.map((p) => ({
        id: p.id,
        limit: LIMIT_FIELDS[p.kind],
        amount: brl(p.amountCents),
        status: p.status,
      })),
    },
    () => [
      `PIX limits of ${accountId}, BRL`,
      ...(Object.entries(OPTIONS) as [PixLimitKind, string][]).map(
        ([kind, name]) => `  ${name.padEnd(24)} ${brl(view.limits[kind])}`,
      ),
      `  used today ${brl(view.used.day)}, this month ${brl(view.used.month)}; left today ${brl(view.remaining.day)}`,
      ...view.pending.map((p) => `  ${p.status} raise of ${OPTIONS[p.kind]} to ${brl(p.amountCents)} (${p.id})`),
    ],
  );
}
