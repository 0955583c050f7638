import { parseArgs } from "node:util";
import type { Db } from "../../db/client";
import { resetSecondFactor } from "../../second-factor/service";
import { resetUserPassword, setUserRole } from "../../users/access";
import { DASHBOARD_ROLES, type DashboardRole } from "../../users/access-schema";
import { cliActor } from "../actor";
import { type CliIo, emit, required, UsageError } from "../io";

export const USER_USAGE =
  "user role --email EMAIL --role MERCHANT|ADMIN [--json] | user password --email EMAIL [--password P] [--json] | user reset-2fa --email EMAIL [--json]";

const isRole = (value: string): value is DashboardRole => (DASHBOARD_ROLES as readonly string[]).includes(value);

/** A dashboard user's role, password or second factors; each ends every session the user has. */
export async function userCommand(db: Db, io: CliIo, args: string[]): Promise<void> {
  const [action, ...rest] = args;
  if (action !== "role" && action !== "password" && action !== "reset-2fa")
    throw new UsageError(`usage: ${USER_USAGE}`);
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: "string" },
      role: { type: "string" },
      password: { type: "string" },
      json: { type: "boolean", default: false },
    },
    strict: true,
  });
  required(values, "email", ...(action === "role" ? ["role"] : []));
  const email = values.email as string;
  if (action === "reset-2fa") {
    const result = await resetSecondFactor(db, { user: { email }, actor: cliActor() });
    const removed = {
      totp: result.removed.totp,
      passkeys: result.removed.passkeys.length,
      recoveryCodes: result.removed.recoveryCodesLeft,
    };
    emit(io, values.json, { userId: result.userId, email: result.email, removed }, () => [
      `second factors of ${result.email} removed (app: ${removed.totp ? "yes" : "no"}, passkeys: ${removed.passkeys}); their sessions ended`,
    ]);
    return;
  }
  if (action === "role") {
    const role = String(values.role).toUpperCase();
    if (!isRole(role)) throw new UsageError(`--role must be one of ${DASHBOARD_ROLES.join(", ")}`);
    const result = await setUserRole(db, { user: { email }, role, actor: cliActor() });
    emit(io, values.json, result, () => [
      result.changed
        ? `role of ${result.email} is now ${result.role}; their sessions ended`
        : `${result.email} already has the role ${result.role}`,
    ]);
    return;
  }
  const result = await resetUserPassword(db, {
    user: { email },
    ...(values.password ? { password: values.password } : {}),
    actor: cliActor(),
  });
  const generated = values.password ? {} : { password: result.password };
  emit(io, values.json, { userId: result.userId, email: result.email, ...generated }, () => [
    `password of ${result.email} changed; their sessions ended`,
    ...(values.password ? [] : [`  password: ${result.password}   (generated, shown once)`]),
  ]);
}
