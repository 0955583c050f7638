import { parseArgs } from "node:util";
import { recordAudit } from "../../audit/log";
import type { Db } from "../../db/client";
import { createUser } from "../../users/service";
import { cliActor } from "../actor";
import { type CliIo, emit, required, UsageError } from "../io";

export const ADMIN_USAGE = "admin create --email EMAIL --password PASSWORD [--name NAME] [--json]";

export async function adminCommand(db: Db, io: CliIo, args: string[]): Promise<void> {
  const [action, ...rest] = args;
  if (action !== "create") throw new UsageError(`usage: ${ADMIN_USAGE}`);
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      json: { type: "boolean", default: false },
    },
    strict: true,
  });
  required(values, "email", "password");
  const user = await db.$transaction(async (tx) => {
    const created = await createUser(tx, {
      email: values.email as string,
      password: values.password as string,
      name: values.name ?? "Administrator",
      role: "ADMIN",
    });
    await recordAudit(tx, {
      actor: cliActor(),
      action: "user.create_admin",
      targetType: "user",
      targetId: created.id,
      after: { email: created.email, name: created.name, role: created.role },
    });
    return created;
  });
  emit(io, values.json, { userId: user.id, email: user.email, role: user.role }, () => [
    `admin created: ${user.email} (${user.id})`,
  ]);
}
