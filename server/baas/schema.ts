/** Field rules of the account programme's accounts and payments (/v4/i/baas), for every door. */
import { z } from "zod";
import { BrlAmount } from "../fields/amount";
import { AccountId } from "../fields/ids";
import { PageSize } from "../fields/paging";
import { Description, ExternalId, text } from "../fields/text";
import { PixKeyTypeField } from "../pix/keys/schema";
import { isCalendarDay } from "../time";
import { Emv, EXAMPLE_BR_CODE, PixKey } from "../transfers/schema";

export const StatementType = z.enum(["pix_in", "pix_out"]).describe("`pix_in` (money in) or `pix_out` (money out).");
export const CalendarDay = text({ max: 10 })
  .refine(isCalendarDay, "must be a date YYYY-MM-DD")
  .describe("A São Paulo calendar day, YYYY-MM-DD (inclusive).");

/** Reads a query string: numbers come in as text. */
export const StatementQuery = z.object({
  limit: z.coerce.number().pipe(PageSize).default(100),
  offset: z.coerce.number().pipe(z.number().int().min(0).max(1_000_000)).default(0).describe("Entries to skip, ≥ 0."),
  startDate: CalendarDay.optional(),
  endDate: CalendarDay.optional(),
  type: StatementType.optional(),
});
export type StatementQuery = z.infer<typeof StatementQuery>;

export const PayKey = z.object({
  accountId: AccountId.describe("The programme account that pays."),
  pixKey: PixKey,
  pixKeyType: PixKeyTypeField.optional().describe(
    "EVP, CPF, CNPJ, EMAIL or PHONE; inferred from the key when omitted.",
  ),
  amount: BrlAmount,
  description: Description.optional(),
  externalId: ExternalId.optional(),
});

export const PayQrCode = z.object({
  accountId: AccountId.describe("The programme account that pays."),
  emv: Emv,
  amount: BrlAmount.optional().describe(
    "Required for a static code (equal to the code's amount when it has one); ignored for a dynamic code.",
  ),
  externalId: ExternalId.optional(),
});

export const DecodeQr = z.object({
  emv: text({ min: 1, max: 4096 })
    .describe("The BR Code as received; up to 4096 characters are read so an over-long code is explained, not refused.")
    .meta({ example: EXAMPLE_BR_CODE }),
});
