/**
 * tRPC for the dashboard: superjson (bigint centavos survive the wire), the next-auth session
 * as context, and AppError mapped to the tRPC code of its HTTP status.
 */
import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { ZodError, z } from "zod";
import type { AppLocale } from "../../i18n/config";
import { requestLocale } from "../../i18n/request-locale";
import type { AuditAction } from "../audit/actions";
import { recordAudit } from "../audit/log";
import { getSession, loginClientAddress, type SessionUser } from "../auth/next-auth";
import type { Access, Permission } from "../auth/permissions";
import { memberOfSession, tenantFor } from "../auth/tenant";
import { db } from "../db/client";
import { noteWrite } from "../db/replica";
import { asServiceError } from "../db/unavailable";
import { AppError, FieldsRefused } from "../errors";

/** `locale`: the dashboard's language, for what the server writes for the user (statements). */
/** `sessionId`: the device session of the request's sign-in (server/users/sessions.ts). */
/** `host`: the Host the request came in on (passkeys' relying party on a loopback APP_URL). */
/** `clientAddress`: the caller's address as sign-in reads it, for the password doors' throttles. */
export type TRPCContext = {
  user: SessionUser | null;
  locale?: AppLocale;
  sessionId?: string | null;
  host?: string;
  clientAddress?: string;
};

export async function createTRPCContext(options?: { req: Request }): Promise<TRPCContext> {
  const session = await getSession();
  return {
    user: session?.user ?? null,
    locale: options ? requestLocale(options.req) : undefined,
    sessionId: session?.sessionId ?? null,
    host: options?.req.headers.get("host") ?? undefined,
    clientAddress: options ? loginClientAddress(Object.fromEntries(options.req.headers)) : undefined,
  };
}

type TRPCErrorCode = TRPCError["code"];

const CODE_BY_STATUS: Record<number, TRPCErrorCode> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  412: "PRECONDITION_FAILED",
  413: "PAYLOAD_TOO_LARGE",
  422: "UNPROCESSABLE_CONTENT",
  503: "SERVICE_UNAVAILABLE",
  429: "TOO_MANY_REQUESTS",
};

export function trpcCodeOf(error: AppError): TRPCErrorCode {
  return CODE_BY_STATUS[error.status] ?? "INTERNAL_SERVER_ERROR";
}

const isDev = process.env.NODE_ENV !== "production";

const firstField = (error: ZodError) => {
  const key = error.issues[0]?.path[0];
  return typeof key === "string" ? key : null;
};

/** A merchant-side action the audit log records when its procedure succeeds. */
export type AuditSpec = {
  action: AuditAction;
  targetType: string;
  /** the target's id, from the raw input or the answer (never a secret) */
  targetId: (input: unknown, output: unknown) => string;
  /** what to keep of the request (never a secret) */
  after?: (input: unknown, output: unknown) => unknown;
};

/** Every procedure declares who may call it (server/auth/permissions.ts; tests/hardening/role-matrix.test.ts). */
export type ProcedureMeta = { access?: Access; audit?: AuditSpec };

const t = initTRPC
  .context<TRPCContext>()
  .meta<ProcedureMeta>()
  .create({
    transformer: superjson,
    isDev,
    errorFormatter({ shape, error }) {
      const appError = error.cause instanceof AppError ? error.cause : null;
      const hidden = error.code === "INTERNAL_SERVER_ERROR" && !appError && !isDev;
      return {
        ...shape,
        message: hidden ? "Internal server error" : shape.message,
        data: {
          ...shape.data,
          /** The service's own code (INSUFFICIENT_BALANCE, ...) for messages per case. */
          appCode: appError?.code ?? null,
          /** For refusals that pass with time (a cooldown): seconds until a retry may succeed. */
          retryAfterSeconds: appError?.retryAfterSeconds ?? null,
          /** The finer refusal the dashboard explains in the user's language (ERROR_REASONS). */
          reason: appError?.reason ?? null,
          /** The field a refusal is about: the service's, or the first refused input field. */
          field: appError?.field ?? (error.cause instanceof ZodError ? firstField(error.cause) : null),
          /** Every field a refusal of several at once is about (FieldsRefused). */
          fields: appError instanceof FieldsRefused ? appError.fields : null,
          zodError: error.cause instanceof ZodError ? z.flattenError(error.cause) : null,
        },
      };
    },
  });

/**
 * After a signed-in user's mutation, their reads stay on the primary until the replica has
 * replayed it (server/db/replica.ts; nothing happens without DATABASE_REPLICA_URL).
 */
const markWrites = t.middleware(async ({ ctx, type, next }) => {
  const result = await next();
  if (type === "mutation" && ctx.user) await noteWrite(ctx.user.id).catch(() => {});
  return result;
});

/** Every procedure answers an AppError with the matching tRPC code (hence HTTP status). */
const mapAppErrors = t.middleware(async ({ next }) => {
  const result = await next();
  // a database out of reach (a failover) is a 503 the client retries, not a 500
  const cause = result.ok ? null : asServiceError(result.error.cause);
  if (cause instanceof AppError) {
    throw new TRPCError({ code: trpcCodeOf(cause), message: cause.message, cause });
  }
  return result;
});

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;

export const publicProcedure = t.procedure.use(mapAppErrors).use(markWrites);

/** Any signed-in user, including one who must still enrol a second factor (the security page). */
const signedInProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: "UNAUTHORIZED", message: "sign in first" });
  return next({ ctx: { user: ctx.user } });
});

/** Any signed-in user who has enrolled the second factor they must have (decision 0044). */
const enrolledProcedure = signedInProcedure.use(({ ctx, next }) => {
  if (ctx.user.secondFactor?.mustEnrol)
    throw new TRPCError({ code: "FORBIDDEN", message: "enrol a second factor first" });
  return next({ ctx });
});

/** Records the procedure's audit entry (ProcedureMeta.audit) after it succeeded. */
const recordMerchantAudit = t.middleware(async ({ ctx, meta, getRawInput, next }) => {
  const result = await next();
  const audit = meta?.audit;
  const member = (ctx as { member?: { organizationId: string } }).member;
  if (result.ok && audit && ctx.user && member) {
    const input = await getRawInput();
    await recordAudit(db(), {
      actor: { userId: ctx.user.id, email: ctx.user.email },
      action: audit.action,
      targetType: audit.targetType,
      targetId: audit.targetId(input, result.data),
      after: audit.after?.(input, result.data),
      organizationId: member.organizationId,
    });
  }
  return result;
});

/**
 * A member procedure allowed to the roles the permission table gives `permission`; anyone else
 * gets FORBIDDEN before the input is read. `ctx.tenantId` is the organisation every lookup is
 * keyed by (server/auth/tenant.ts); `ctx.user` stays the person.
 */
export function can(permission: Permission, audit?: AuditSpec) {
  return enrolledProcedure
    .meta({ access: permission, ...(audit ? { audit } : {}) })
    .use(async ({ ctx, next }) => {
      const member = await memberOfSession(ctx.user);
      const tenantId = tenantFor(member, permission);
      return next({ ctx: { ...ctx, tenantId, member: member as NonNullable<typeof member> } });
    })
    .use(recordMerchantAudit);
}

/** Platform administrators (the back office). */
export const adminProcedure = enrolledProcedure.meta({ access: "platformAdmin" }).use(({ ctx, next }) => {
  if (ctx.user.role !== "ADMIN") throw new TRPCError({ code: "FORBIDDEN", message: "administrators only" });
  return next({ ctx });
});

/** A procedure anyone may call, said so on purpose. */
export const openProcedure = publicProcedure.meta({ access: "public" });

/**
 * The signed-in person's own account (devices, password, second factor): any role, a platform
 * administrator too, and open before a required second factor is enrolled (the security page).
 */
export const selfProcedure = signedInProcedure.meta({ access: "self" });
