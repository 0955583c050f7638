/**
 * tRPC for the dashboard: superjson (bigint centavos survive the wire), the next-auth session
 * as context, and AppError mapped to the tRPC code of its HTTP status.
 */
import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { ZodError, z } from "zod";
import type { AppLocale } from "../../i18n/config";
import { requestLocale } from "../../i18n/request-locale";
import { getSession, type SessionUser } from "../auth/next-auth";
import { noteWrite } from "../db/replica";
import { asServiceError } from "../db/unavailable";
import { AppError, FieldsRefused } from "../errors";

/** `locale`: the dashboard's language, for what the server writes for the user (statements). */
export type TRPCContext = { user: SessionUser | null; locale?: AppLocale };

export async function createTRPCContext(options?: { req: Request }): Promise<TRPCContext> {
  const session = await getSession();
  return { user: session?.user ?? null, locale: options ? requestLocale(options.req) : undefined };
}

type TRPCErrorCode = TRPCError["code"];

const CODE_BY_STATUS: Record<number, TRPCErrorCode> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
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

const t = initTRPC.context<TRPCContext>().create({
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

/** Any signed-in user (merchant or admin). */
export const merchantProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: "UNAUTHORIZED", message: "sign in first" });
  return next({ ctx: { user: ctx.user } });
});

export const adminProcedure = merchantProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== "ADMIN") throw new TRPCError({ code: "FORBIDDEN", message: "administrators only" });
  return next({ ctx });
});
