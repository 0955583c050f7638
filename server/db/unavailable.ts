/**
 * Is this error the database being out of reach (a primary killed, a failover under way, a pool
 * with no connection to give) rather than a fault in the request or the code? Every door answers
 * those with 503 and `Retry-After` (docs/decisions/0048-replicas-and-failover.md): the caller
 * retries with its Idempotency-Key and, once the proxy points at the new primary, succeeds.
 * The errors arrive in several wrappings (pg's own, the Prisma driver adapter's, Prisma's client
 * errors), so the chain of causes is walked and each link checked by code, kind and message.
 */
import { AppError } from "../errors";

/** Seconds a caller should wait before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH"]);
/** SQLSTATEs of a server going away or not taking writes (class 08, shutdowns, a standby). */
const SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300", "25006"]);
/** Prisma: can't reach / timed out / connection closed / pool timeout / transaction not started in time. */
const PRISMA_CODES = new Set(["P1001", "P1002", "P1017", "P2024", "P2028"]);
/** The driver adapter's kinds for the same (@prisma/driver-adapter-utils). */
const ADAPTER_KINDS = new Set([
  "DatabaseNotReachable",
  "DatabaseDoesNotExist",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
  "TransactionStartTimeout",
]);
const MESSAGES =
  /connection terminated|terminating connection|connection (is )?(closed|refused|reset)|server closed the connection|the database system is (starting up|shutting down|in recovery|not yet accepting)|timeout exceeded when trying to connect|can't reach database|econnrefused|econnreset|read-only transaction|unable to start a transaction in the given time|client has encountered a connection error/i;

type Link = { code?: unknown; kind?: unknown; message?: unknown; cause?: unknown; meta?: unknown };

export function isDatabaseUnavailable(error: unknown): boolean {
  let link: unknown = error;
  for (let depth = 0; depth < 6 && link && typeof link === "object"; depth++) {
    const { code, kind, message, cause, meta } = link as Link;
    if (typeof code === "string") {
      if (SOCKET_CODES.has(code) || SQLSTATES.has(code) || PRISMA_CODES.has(code)) return true;
      if (/^08[0-9A-Z]{3}$/.test(code)) return true;
    }
    if (typeof kind === "string" && ADAPTER_KINDS.has(kind)) return true;
    if (typeof message === "string" && MESSAGES.test(message)) return true;
    link = cause ?? meta;
  }
  return false;
}

/** The AppError a door answers instead of a 500 when the database is out of reach. */
export function databaseUnavailableError(): AppError {
  return new AppError(
    "SERVICE_UNAVAILABLE",
    "The service is briefly unavailable; retry shortly with the same Idempotency-Key",
    undefined,
    undefined,
    DATABASE_RETRY_AFTER_SECONDS,
  );
}

/** The error as a door should treat it: a database outage becomes SERVICE_UNAVAILABLE. */
export function asServiceError(error: unknown): unknown {
  return error instanceof AppError || !isDatabaseUnavailable(error) ? error : databaseUnavailableError();
}
