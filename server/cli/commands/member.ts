import { parseArgs } from "node:util";
import { isMemberRole, MEMBER_ROLES, type MemberRole } from "../../auth/permissions";
import type { Db } from "../../db/client";
import { notFound } from "../../errors";
import { inviteMember } from "../../organizations/invitations";
import {
  addMember,
  changeMemberRole,
  type MemberActor,
  organizationOfOwner,
  removeMember,
} from "../../organizations/members";
import { normaliseEmail } from "../../users/service";
import { cliActor } from "../actor";
import { type CliIo, emit, required, UsageError } from "../io";

const ROLES = MEMBER_ROLES.join("|");
export const MEMBER_USAGE = [
  `member add --owner EMAIL --email EMAIL --role ${ROLES} --password PW [--name NAME] [--json]`,
  `       member invite --owner EMAIL --email EMAIL --role ${ROLES} [--lang pt-BR|en] [--json]`,
  "       member remove --owner EMAIL --email EMAIL [--json]",
  `       member role --owner EMAIL --email EMAIL --role ${ROLES} [--json]`,
].join("\n");

const ACTIONS = ["add", "invite", "remove", "role"] as const;

/** The members of the organisation `--owner` owns; every change is audited as the operator. */
export async function memberCommand(db: Db, io: CliIo, args: string[]): Promise<void> {
  const [action, ...rest] = args;
  if (!(ACTIONS as readonly string[]).includes(action ?? "")) throw new UsageError(`usage: ${MEMBER_USAGE}`);
  const { values } = parseArgs({
    args: rest,
    options: {
      owner: { type: "string" },
      email: { type: "string" },
      role: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      lang: { type: "string", default: "pt-BR" },
      json: { type: "boolean", default: false },
    },
    strict: true,
  });
  const needsRole = action !== "remove";
  required(values, "owner", "email", ...(needsRole ? ["role"] : []), ...(action === "add" ? ["password"] : []));
  const role = values.role as string | undefined;
  if (needsRole && !isMemberRole(role ?? "")) throw new UsageError(`--role must be one of ${ROLES}`);
  if (values.lang !== "pt-BR" && values.lang !== "en") throw new UsageError("--lang must be pt-BR or en");
  const actor: MemberActor = { ...cliActor(), role: null };
  const email = values.email as string;
  const result = await db.$transaction(async (tx) => {
    const organizationId = await organizationOfOwner(tx, values.owner as string);
    const input = { organizationId, actor };
    if (action === "add") {
      const member = await addMember(tx, {
        ...input,
        email,
        role: role as MemberRole,
        password: values.password,
        name: values.name,
      });
      return { organizationId, userId: member.userId, email: member.email, role: member.role };
    }
    if (action === "invite") {
      const invitation = await inviteMember(tx, {
        ...input,
        email,
        role: role as MemberRole,
        locale: values.lang as "pt-BR" | "en",
      });
      return {
        organizationId,
        invitationId: invitation.id,
        email: invitation.email,
        role: invitation.role,
        expiresAt: invitation.expiresAt,
      };
    }
    const user = await tx.user.findUnique({ where: { email: normaliseEmail(email) } });
    if (!user) throw notFound(`no user with e-mail ${email}`);
    if (action === "remove") {
      await removeMember(tx, { ...input, userId: user.id });
      return { organizationId, userId: user.id, email: user.email, removed: true };
    }
    const member = await changeMemberRole(tx, { ...input, userId: user.id, role: role as MemberRole });
    return { organizationId, userId: member.userId, email: member.email, role: member.role };
  });
  emit(io, values.json, result, () => [`member ${action}: ${result.email} (organisation ${result.organizationId})`]);
}
