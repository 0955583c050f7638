/**
 * Role matrix: every tRPC procedure (read from the router) × every member role and a platform
 * administrator. Each procedure must declare who may call it (server/auth/permissions.ts); a
 * role the permission table leaves out is refused with FORBIDDEN before its input is read, and a
 * role it lets in is never refused for its role. A procedure without a declaration fails here.
 */
import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import { MEMBER_ROLES, type MemberRole, PERMISSIONS, roleAllows } from "../../server/auth/permissions";
import { db } from "../../server/db/client";
import { AppError } from "../../server/errors";
import { addMember } from "../../server/organizations/members";
import { createCallerFactory, type ProcedureMeta, type TRPCContext } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/routers";
import { createUser } from "../../server/users/service";
import { newMerchant } from "../support/fixtures";

type Procedure = { _def: { meta?: ProcedureMeta; type: string } };
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, Procedure>);

const people = new Map<MemberRole | "platformAdmin", TRPCContext["user"]>();

beforeAll(async () => {
  const owner = await newMerchant();
  const ownerRow = await db().user.findUniqueOrThrow({ where: { id: owner.userId } });
  people.set("owner", { id: ownerRow.id, email: ownerRow.email, name: ownerRow.name, role: "MERCHANT" });
  for (const role of MEMBER_ROLES.filter((r) => r !== "owner")) {
    const member = await db().$transaction((tx) =>
      addMember(tx, {
        organizationId: owner.userId,
        email: `${role}-${owner.userId.slice(0, 8)}@example.test`,
        role,
        password: "correct-horse-battery",
        actor: { userId: owner.userId, email: owner.email, role: "owner" },
      }),
    );
    people.set(role, { id: member.userId, email: member.email, name: member.name, role: "MERCHANT" });
  }
  const admin = await createUser(db(), {
    email: `platform-${owner.userId.slice(0, 8)}@example.test`,
    name: "Admin",
    password: "correct-horse-battery",
    role: "ADMIN",
  });
  people.set("platformAdmin", { id: admin.id, email: admin.email, name: admin.name, role: "ADMIN" });
});

/** The procedure at `path` called as `user` with an empty input: its error, or null. */
async function attempt(path: string, user: TRPCContext["user"]): Promise<TRPCError | null> {
  const caller = createCallerFactory(appRouter)({ user });
  // biome-ignore lint/suspicious/noExplicitAny: walks the caller by the router's own paths
  const fn = path.split(".").reduce<any>((node, key) => node[key], caller);
  try {
    await fn({});
    return null;
  } catch (error) {
    if (error instanceof TRPCError) return error;
    throw error;
  }
}

const refusedForRole = (error: TRPCError | null) =>
  error?.code === "FORBIDDEN" && error.cause instanceof AppError && error.cause.reason === "ROLE_NOT_ALLOWED";

describe("role matrix", () => {
  it("reads every procedure of the router", () => {
    expect(procedures.length).toBeGreaterThan(80);
  });

  it("has a declared permission on every procedure", () => {
    const undeclared = procedures.filter(([, p]) => !p._def.meta?.access).map(([path]) => path);
    expect(undeclared, "procedures without a declared permission").toEqual([]);
    const unknown = procedures
      .map(([path, p]) => [path, p._def.meta?.access] as const)
      .filter(
        ([, access]) =>
          access && access !== "public" && access !== "platformAdmin" && access !== "self" && !(access in PERMISSIONS),
      );
    expect(unknown).toEqual([]);
  });

  for (const [path, procedure] of procedures) {
    const access = procedure._def.meta?.access;
    if (!access || access === "public") continue;
    it(`${path} (${access}) answers each role as the permission table says`, async () => {
      for (const role of MEMBER_ROLES) {
        const error = await attempt(path, people.get(role) ?? null);
        if (access === "platformAdmin") {
          expect(error?.code, `${path} as ${role}`).toBe("FORBIDDEN");
        } else if (access === "self") {
          expect(refusedForRole(error), `${path} as ${role} was refused`).toBe(false);
        } else if (roleAllows(role, access)) {
          expect(refusedForRole(error), `${path} as ${role} was refused for its role`).toBe(false);
        } else {
          expect(refusedForRole(error), `${path} as ${role} was not refused`).toBe(true);
        }
      }
      const admin = await attempt(path, people.get("platformAdmin") ?? null);
      if (access === "platformAdmin" || access === "self")
        expect(admin?.code, `${path} as an administrator`).not.toBe("FORBIDDEN");
      else expect(refusedForRole(admin), `${path}: an administrator is no member`).toBe(true);
      expect((await attempt(path, null))?.code, `${path} signed out`).toBe("UNAUTHORIZED");
    });
  }
});
