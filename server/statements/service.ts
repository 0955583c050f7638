/** Statements (interface 2.7, 3.3, 4.4): request, look up, list. The worker builds the files. */

import type { AppLocale } from "../../i18n/config";
import { resolveLocale } from "../../i18n/config";
import type { Tx } from "../db/client";
import { forbidden, notFound } from "../errors";
import { exportFileName } from "../exports/labels";
import { UUID_PATTERN } from "../fields/ids";
import type { Statement } from "../generated/prisma/client";
import { saoPauloDate } from "../time";
import { resolveOptions, resolvePeriod, type StatementRequest } from "./schema";
import { reportUrl } from "./signed-url";

export async function requestStatement(
  db: Tx,
  input: { userId: string; requestedBy: string; request: StatementRequest; locale?: AppLocale },
): Promise<{ success: true; extractId: string; status: "new" }> {
  const { request } = input;
  const account = await db.account.findUnique({ where: { id: request.accountId }, select: { userId: true } });
  // An unknown account answers like a foreign one: no way to probe which accounts exist.
  if (!account || account.userId !== input.userId) throw forbidden("No permission for this account");
  const { startAt, endAt } = resolvePeriod(request.startDate, request.endDate);
  const statement = await db.statement.create({
    data: {
      userId: input.userId,
      accountId: request.accountId,
      requestedBy: input.requestedBy,
      format: request.format,
      // the dashboard's language wins over the body's field, which the API sets (default pt-BR)
      locale: input.locale ?? request.locale,
      startAt: new Date(startAt),
      endAt: new Date(endAt),
      options: resolveOptions(request.options),
    },
  });
  return { success: true, extractId: statement.id, status: "new" };
}

export async function findStatement(db: Tx, userId: string, id: string): Promise<Statement> {
  const statement = UUID_PATTERN.test(id) ? await db.statement.findUnique({ where: { id } }) : null;
  if (!statement || statement.userId !== userId) throw notFound("Statement not found");
  return statement;
}

export async function listStatements(db: Tx, userId: string, page: { page: number; limit: number }) {
  const where = { userId };
  const [statements, total] = await Promise.all([
    db.statement.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page.page - 1) * page.limit,
      take: page.limit,
    }),
    db.statement.count({ where }),
  ]);
  return { statements, total };
}

/**
 * The download's file name, in the requester's language: extrato-<account>-<start>-<end>.<ext>
 * (statement-… in en), São Paulo days; the extension is the file's (a CSV of several sections is a zip).
 */
export function reportFileName(
  statement: Pick<Statement, "accountId" | "startAt" | "endAt" | "format" | "locale">,
  extension: string = statement.format,
): string {
  const parts = [statement.accountId, saoPauloDate(statement.startAt), saoPauloDate(statement.endAt)];
  return exportFileName(resolveLocale(statement.locale), "statement", parts, extension);
}

export function storageKey(statement: Pick<Statement, "id" | "format">): string {
  return `statements/${statement.id}.${statement.format}`;
}

const MB = 1024 * 1024;

/** Interface 2.7, exactly its fields; reportUrl freshly signed, only when done. */
export function statementView(statement: Statement, now: Date) {
  return {
    id: statement.id,
    status: statement.status,
    format: statement.format,
    accountId: statement.accountId,
    userId: statement.userId,
    requestedBy: statement.requestedBy,
    startDate: statement.startAt.getTime(),
    endDate: statement.endAt.getTime(),
    options: statement.options as ReturnType<typeof resolveOptions>,
    reportId: statement.reportId,
    ...(statement.status === "done" ? { reportUrl: reportUrl(statement.id, now) } : {}),
    reportPath: statement.reportPath,
    sizeInMb: statement.sizeBytes === null ? 0 : Math.round((Number(statement.sizeBytes) / MB) * 1e6) / 1e6,
    errorMessage: statement.status === "failed" ? statement.errorMessage : null,
    createdAt: statement.createdAt.getTime(),
    updatedAt: statement.updatedAt.getTime(),
  };
}

/** What the dashboard adds to 2.7: progress of a build and the error code it translates. */
export function statementProgressView(statement: Statement, now: Date) {
  return {
    ...statementView(statement, now),
    rowsWritten: statement.rowsWritten,
    rowsTotal: statement.rowsTotal,
    errorCode: statement.status === "failed" ? statement.errorCode : null,
  };
}
