import { userInfo } from "node:os";
import { parseArgs } from "node:util";
import { blockAccount, unblockAccount } from "../../accounts/status";
import { AccountStatusReason } from "../../admin/schema";
import type { AuditActor } from "../../audit/log";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { type CliIo, emit, required, UsageError } from "../io";

export const ACCOUNT_USAGE = "account block|unblock ACCOUNT_ID --reason REASON [--actor ADMIN_EMAIL] [--json]";

/** Who the audit log names: an administrator by e-mail, or the operating-system user at the CLI. */
export const CLI_ACTOR_ID = "00000000-0000-0000-0000-000000000000";

async function actorOf(db: Db, email: string | undefined): Promise<AuditActor> {
  if (!email) return { userId: CLI_ACTOR_ID, email: `cli:${userInfo().username}` };
  const admin = await db.user.findUnique({ where: { email }, select: { id: true, email: true, role: true } });
  if (admin?.role !== "ADMIN") throw new AppError("VALIDATION_ERROR", `--actor ${email} is not an administrator`);
  return { userId: admin.id, email: admin.email };
}

/** Operators: block (no money in or out) or unblock an account, with the reason kept in the audit log. */
export async function accountCommand(db: Db, io: CliIo, args: string[]): Promise<void> {
  const [action, ...rest] = args;
  if (action !== "block" && action !== "unblock") throw new UsageError(`usage: ${ACCOUNT_USAGE}`);
  const { values, positionals } = parseArgs({
    args: rest,
    options: {
      reason: { type: "string" },
      actor: { type: "string" },
      json: { type: "boolean", default: false },
    },
    strict: true,
    allowPositionals: true,
  });
  const [accountId] = positionals;
  if (!accountId || positionals.length > 1) throw new UsageError(`usage: ${ACCOUNT_USAGE}`);
  required(values, "reason");
  const reason = AccountStatusReason.safeParse(values.reason);
  if (!reason.success) throw new UsageError(`--reason ${reason.error.issues[0]?.message ?? "is invalid"}`);
  const input = { accountId, reason: reason.data, actor: await actorOf(db, values.actor) };
  const account = action === "block" ? await blockAccount(db, input) : await unblockAccount(db, input);
  const blocked = account.status === "inactive";
  emit(io, values.json, { accountId: account.id, status: account.status, blocked, reason: reason.data }, () => [
    `account ${account.id} ${blocked ? "blocked" : "unblocked"}`,
  ]);
}
