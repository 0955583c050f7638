import { parseArgs } from "node:util";
import type { AuditActor } from "../../audit/log";
import type { Db } from "../../db/client";
import { approveProposal, rejectProposal } from "../../onboarding/review";
import { RejectionReason } from "../../onboarding/schema";
import { type CliIo, emit, UsageError } from "../io";

export const ONBOARDING_USAGE =
  "onboarding approve|reject USER_ID [--reason R] [--admin EMAIL] [--json]   (reject needs --reason)";

/** Who the audit log names for a CLI decision: the given administrator, else the operator's shell. */
export const CLI_ACTOR_ID = "00000000-0000-0000-0000-000000000000";

async function actorOf(db: Db, email: string | undefined): Promise<AuditActor> {
  if (!email) return { userId: CLI_ACTOR_ID, email: "cli" };
  const admin = await db.user.findUnique({ where: { email: email.trim().toLowerCase() } });
  if (admin?.role !== "ADMIN") throw new UsageError(`--admin ${email} is not an administrator`);
  return { userId: admin.id, email: admin.email };
}

/** The back office's decision, from a shell (server/onboarding/review.ts). */
export async function onboardingCommand(db: Db, io: CliIo, args: string[]): Promise<void> {
  const [action, ...rest] = args;
  if (action !== "approve" && action !== "reject") throw new UsageError(`usage: ${ONBOARDING_USAGE}`);
  const { values, positionals } = parseArgs({
    args: rest,
    options: {
      reason: { type: "string" },
      admin: { type: "string" },
      json: { type: "boolean", default: false },
    },
    strict: true,
    allowPositionals: true,
  });
  const [userId] = positionals;
  if (!userId) throw new UsageError(`usage: ${ONBOARDING_USAGE}`);
  const actor = await actorOf(db, values.admin);
  let proposal: Awaited<ReturnType<typeof approveProposal>>;
  if (action === "approve") {
    proposal = await approveProposal(db, userId, actor);
  } else {
    const reason = RejectionReason.safeParse(values.reason ?? "");
    if (!reason.success) throw new UsageError("reject needs --reason (1-500 characters)");
    proposal = await rejectProposal(db, userId, reason.data, actor);
  }
  const row = {
    userId: proposal.userId,
    status: proposal.status,
    accountId: proposal.accountId,
    rejectionReason: proposal.rejectionReason,
  };
  emit(io, values.json, row, () => [
    `proposal ${row.userId} ${row.status}${row.accountId ? `; account ${row.accountId}` : ""}${row.rejectionReason ? `: ${row.rejectionReason}` : ""}`,
  ]);
}
