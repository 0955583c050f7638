/** Field rules of refunds, for every door. */
import { z } from "zod";
import { BrlAmount } from "../fields/amount";
import { EndToEndId } from "../fields/ids";
import { Description } from "../fields/text";
import { EntryStatus } from "../ledger/schema";

export const RefundRequest = z.object({
  amount: BrlAmount.optional().describe("BRL; what is still refundable when omitted."),
  description: Description.optional(),
});

export { EndToEndId };

/** The refunds list's filter, read from a query string: what the CSV export takes. */
export const RefundExportQuery = z.object({ status: EntryStatus.optional() });
