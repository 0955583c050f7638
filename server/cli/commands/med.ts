import { parseArgs } from "node:util";
import type { Db } from "../../db/client";
import { MED_RESOLUTIONS, MED_STATUSES } from "../../meds/schema";
import { listMeds, resolveMed } from "../../meds/service";
import { centsToBrl } from "../../money";
import { cliActor } from "../actor";
import { type CliIo, emit, required, UsageError } from "../io";

export const MED_USAGE = "med list [--status S] [--json] | med resolve MED_ID --status accepted|rejected [--json]";

const row = (med: Awaited<ReturnType<typeof resolveMed>>) => ({
  medId: med.id,
  endToEndId: med.endToEndId,
  accountId: med.accountId,
  status: med.status,
  disputedAmount: centsToBrl(med.disputedCents),
  blockedAmount: centsToBrl(med.blockedCents),
  defenseDeadline: med.defenseDeadline.toISOString(),
  defenseSubmitted: med.defenseCreatedAt !== null,
  refundedEndToEndId: med.refundedEndToEndId,
});

/** Operators: every merchant's MEDs, and the institution's decision (the sandbox route's service). */
export async function medCommand(db: Db, io: CliIo, args: string[]): Promise<void> {
  const [action, ...rest] = args;
  if (action === "list") {
    const { values } = parseArgs({
      args: rest,
      options: { status: { type: "string" }, json: { type: "boolean", default: false } },
      strict: true,
    });
    const status = values.status;
    if (status !== undefined && !(MED_STATUSES as readonly string[]).includes(status))
      throw new UsageError(`--status must be one of ${MED_STATUSES.join(", ")}`);
    const { items } = await listMeds(
      db,
      {},
      { status: status as (typeof MED_STATUSES)[number] | undefined, page: 1, limit: 100 },
    );
    const rows = items.map(row);
    emit(io, values.json, rows, () =>
      rows.length
        ? rows.map(
            (m) =>
              `${m.medId}  ${m.status.padEnd(14)} R$ ${m.disputedAmount.toFixed(2)} (blocked ${m.blockedAmount.toFixed(2)})  ${m.endToEndId}  deadline ${m.defenseDeadline}`,
          )
        : ["no MEDs"],
    );
    return;
  }
  if (action === "resolve") {
    const { values, positionals } = parseArgs({
      args: rest,
      options: { status: { type: "string" }, json: { type: "boolean", default: false } },
      strict: true,
      allowPositionals: true,
    });
    const [medId] = positionals;
    if (!medId) throw new UsageError(`usage: ${MED_USAGE}`);
    required(values, "status");
    const status = values.status as string;
    if (!(MED_RESOLUTIONS as readonly string[]).includes(status))
      throw new UsageError("--status must be accepted or rejected");
    const med = await resolveMed(db, {
      medId,
      status: status as (typeof MED_RESOLUTIONS)[number],
      actor: cliActor(),
    });
    emit(io, values.json, row(med), () => [
      `MED ${med.id} ${med.status}${med.refundedEndToEndId ? `; refund ${med.refundedEndToEndId}` : ""}`,
    ]);
    return;
  }
  throw new UsageError(`usage: ${MED_USAGE}`);
}
