/**
 * The statement request (interface 4.4, POST /ledger/extract): the one schema used by the
 * /v4/i route, the tRPC procedure and the dashboard form. Pure: runs in the browser too.
 */
import { z } from "zod";
import { ExportLocaleField } from "../exports/locale";
import { AccountId } from "../fields/ids";
import { fromQuery, Page, PageSize } from "../fields/paging";
import { isCalendarDay, saoPauloDayEnd, saoPauloDayStart } from "../time";

export const SECTION_KEYS = ["summary", "monthlyTable", "monthSummary", "transactionTable"] as const;
/** In the order of interface 2.7: the CSV and the PDF table follow it. */
export const COLUMN_KEYS = [
  "dateTime",
  "type",
  "description",
  "endToEndId",
  "payerReceiver",
  "payerBankInfo",
  "grossAmount",
  "fee",
  "netAmount",
  "status",
] as const;

export type SectionKey = (typeof SECTION_KEYS)[number];
export type ColumnKey = (typeof COLUMN_KEYS)[number];
export type StatementOptions = { sections: Record<SectionKey, boolean>; columns: Record<ColumnKey, boolean> };

/** OFX is OFX 1.02 SGML; its content does not depend on the sections and columns. */
export const STATEMENT_FORMATS = ["pdf", "csv", "ofx"] as const;
export const STATEMENT_STATUSES = ["new", "processing", "done", "failed"] as const;

export const MAX_RANGE_DAYS = 365;
const DAY_MS = 86_400_000;

const dateInput = z.union([
  z.number().int().nonnegative().max(8_640_000_000_000).meta({ example: 1_764_558_000_000 }),
  z.string().refine(isCalendarDay, "must be epoch ms or a date YYYY-MM-DD").meta({ example: "2026-11-01" }),
]);

/** A day string covers the whole São Paulo day; a number is the exact instant. */
export function resolvePeriod(startDate: number | string, endDate: number | string) {
  const startAt = typeof startDate === "number" ? startDate : (saoPauloDayStart(startDate) as number);
  const endAt = typeof endDate === "number" ? endDate : (saoPauloDayEnd(endDate) as number);
  return { startAt, endAt };
}

const flags = <K extends string>(keys: readonly K[]) =>
  z
    .object(Object.fromEntries(keys.map((k) => [k, z.boolean().optional()])) as Record<K, z.ZodOptional<z.ZodBoolean>>)
    .strict();

export const StatementRequestSchema = z
  .object({
    accountId: AccountId,
    startDate: dateInput,
    endDate: dateInput,
    format: z.enum(STATEMENT_FORMATS).default("pdf"),
    locale: ExportLocaleField.default("pt-BR"),
    options: z
      .object({ sections: flags(SECTION_KEYS).optional(), columns: flags(COLUMN_KEYS).optional() })
      .strict()
      .optional(),
  })
  .superRefine((value, ctx) => {
    // zod runs this even when a field was refused: only compare dates that parsed.
    const parsed = (date: unknown) => typeof date === "number" || (typeof date === "string" && isCalendarDay(date));
    if (!parsed(value.startDate) || !parsed(value.endDate)) return;
    const { startAt, endAt } = resolvePeriod(value.startDate, value.endDate);
    if (startAt > endAt) {
      ctx.addIssue({ code: "custom", path: ["startDate"], message: "startDate must be on or before endDate" });
    } else if (endAt - startAt > MAX_RANGE_DAYS * DAY_MS) {
      ctx.addIssue({ code: "custom", path: ["endDate"], message: `the period must be at most ${MAX_RANGE_DAYS} days` });
    }
    const options = resolveOptions(value.options);
    if (!SECTION_KEYS.some((k) => options.sections[k])) {
      ctx.addIssue({ code: "custom", path: ["options", "sections"], message: "choose at least one section" });
    }
    if (options.sections.transactionTable && !COLUMN_KEYS.some((k) => options.columns[k])) {
      ctx.addIssue({ code: "custom", path: ["options", "columns"], message: "choose at least one column" });
    }
  });

export type StatementRequest = z.infer<typeof StatementRequestSchema>;
export type StatementRequestInput = z.input<typeof StatementRequestSchema>;

/** Omitted options, sections or flags mean "included" (interface 4.4). */
export function resolveOptions(options: StatementRequest["options"]): StatementOptions {
  const pick = <K extends string>(keys: readonly K[], given?: Partial<Record<K, boolean | undefined>>) =>
    Object.fromEntries(keys.map((k) => [k, given?.[k] ?? true])) as Record<K, boolean>;
  return { sections: pick(SECTION_KEYS, options?.sections), columns: pick(COLUMN_KEYS, options?.columns) };
}

export const StatementListQuerySchema = z.object({
  page: fromQuery(Page).default(1),
  limit: fromQuery(PageSize).default(20),
});
