import { requestLocale } from "@/i18n/request-locale";
import { withMember } from "@/server/auth/with-session";
import { dueDateBill } from "@/server/charges/due-date/bill";
import { renderBillPdf } from "@/server/charges/due-date/bill-pdf";
import { db } from "@/server/db/client";
import { fileResponse } from "@/server/http/file-response";

export const dynamic = "force-dynamic";

/**
 * A due-date charge's printable bill as PDF, in the dashboard's language; 404 for a txId that is
 * not one of the user's due-date charges (malformed, unknown or another merchant's).
 */
export const GET = withMember<{ txId: string }>("charges.read", async ({ request, params, tenantId }) => {
  const bill = await dueDateBill(db(), tenantId, decodeURIComponent(params.txId));
  const { body, fileName } = await renderBillPdf(bill, requestLocale(request));
  return fileResponse({ body, contentType: "application/pdf", fileName, disposition: "attachment" });
});
