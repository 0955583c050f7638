import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { db } from "../../db/client";
import { LookupId } from "../../fields/ids";
import { jsonBody } from "../../http/openapi-body";
import {
  COLUMN_KEYS,
  SECTION_KEYS,
  STATEMENT_FORMATS,
  STATEMENT_STATUSES,
  StatementListQuerySchema,
  StatementRequestSchema,
} from "../../statements/schema";
import { findStatement, listStatements, requestStatement, statementView } from "../../statements/service";
import { REPORT_URL_TTL_MS } from "../../statements/signed-url";
import type { AccountApiEnv } from "../context";
import { envelope, paginationOf } from "../envelope";
import { accountRoutes } from "../route";
import { envelopeResponse } from "../schemas";

const flags = (keys: readonly string[]) => z.object(Object.fromEntries(keys.map((k) => [k, z.boolean()])));

const StatementSchema = z
  .object({
    id: z.string().uuid(),
    status: z.enum(STATEMENT_STATUSES),
    format: z.enum(STATEMENT_FORMATS),
    accountId: z.string(),
    userId: z.string(),
    requestedBy: z.string(),
    startDate: z.number().openapi({ description: "epoch ms" }),
    endDate: z.number().openapi({ description: "epoch ms" }),
    options: z.object({ sections: flags(SECTION_KEYS), columns: flags(COLUMN_KEYS) }),
    reportId: z.string().nullable(),
    reportUrl: z
      .string()
      .url()
      .optional()
      .openapi({ description: `signed, valid ${REPORT_URL_TTL_MS / 3_600_000} hours; only when done` }),
    reportPath: z.string().nullable(),
    sizeInMb: z.number(),
    errorMessage: z.string().nullable(),
    createdAt: z.number(),
    updatedAt: z.number(),
  })
  .openapi("Statement");

const IdParam = z.object({
  id: LookupId.meta({ description: "the extractId; an unknown or malformed id is a 404" }),
});

const statementsRoute = accountRoutes("Statements");

const createStatementRoute = statementsRoute("ledger_extract:create", [400, 401, 403, 429, 500], {
  method: "post",
  path: "/ledger/extract",
  summary: "Request a statement (PDF, CSV or OFX), built in the background",
  description: [
    "`format` `csv` writes one table per file: with one chosen section the file is that table's CSV, with several it is",
    "a zip (`reportId` ends in `.zip`) holding one CSV per section (summary, monthly table, month summary, transactions).",
    "Every CSV is UTF-8 with a BOM, in `locale` (default `pt-BR`: `;` between cells and decimal commas, `1234,56`;",
    "`en`: `,` and `1234.56`), headers and file names in that language, amounts signed as they move the balance",
    "(debits and fees negative), and text cells starting with `=`, `+`, `-`, `@`, tab or CR prefixed with `'`.",
    "`format` `ofx` is OFX 1.02 SGML (BANKMSGSRSV1/STMTTRNRS, BRL, São Paulo times with their offset such as `[-3:BRT]`):",
    "one STMTTRN per movement of the available balance, FITID stable per movement, TRNAMT signed with a `.` decimal, and",
    "LEDGERBAL the closing balance, so the TRNAMTs add up to closing minus opening; sections and columns do not apply to it.",
  ].join(" "),
  request: { body: jsonBody(StatementRequestSchema) },
  responses: {
    202: envelopeResponse(
      "Accepted; poll GET /ledger/extract/{id} every 3 to 5 seconds",
      z.object({ success: z.literal(true), extractId: z.string().uuid(), status: z.literal("new") }),
      "StatementAccepted",
    ),
  },
});

const getStatementRoute = statementsRoute("ledger_extract:get", [401, 403, 404, 429, 500], {
  method: "get",
  path: "/ledger/extract/{id}",
  summary: "A statement; reportUrl is signed afresh on each call",
  request: { params: IdParam },
  responses: { 200: envelopeResponse("The statement", StatementSchema, "StatementResponse") },
});

const listStatementsRoute = statementsRoute("ledger_extract:get", [400, 401, 403, 429, 500], {
  method: "get",
  path: "/ledger/extract",
  summary: "The caller's statements, newest first",
  request: { query: StatementListQuerySchema },
  responses: { 200: envelopeResponse("A page of statements", z.array(StatementSchema), "StatementListResponse") },
});

export function registerStatementRoutes(app: OpenAPIHono<AccountApiEnv>) {
  app.openapi(createStatementRoute, async (c) => {
    const apiKey = c.get("apiKey");
    const result = await requestStatement(db(), {
      userId: apiKey.userId,
      requestedBy: apiKey.clientId,
      request: c.req.valid("json"),
    });
    return c.json(envelope(c, result, { message: "Statement requested" }), 202);
  });

  app.openapi(getStatementRoute, async (c) => {
    const statement = await findStatement(db(), c.get("apiKey").userId, c.req.valid("param").id);
    return c.json(envelope(c, statementView(statement, new Date())), 200);
  });

  app.openapi(listStatementsRoute, async (c) => {
    const query = c.req.valid("query");
    const { statements, total } = await listStatements(db(), c.get("apiKey").userId, query);
    const now = new Date();
    return c.json(
      envelope(
        c,
        statements.map((s) => statementView(s, now)),
        {
          pagination: paginationOf(query, total),
        },
      ),
      200,
    );
  });
}
