import { requestLocale } from "@/i18n/request-locale";
import { withMember } from "@/server/auth/with-session";
import { db } from "@/server/db/client";
import { notFound } from "@/server/errors";
import { AccountId, EntryId } from "@/server/fields/ids";
import { fileResponse } from "@/server/http/file-response";
import { renderReceiptPdf } from "@/server/receipts/pdf";
import { receiptOf } from "@/server/receipts/service";

export const dynamic = "force-dynamic";

/**
 * A settled PIX entry's receipt as PDF, in the dashboard's language; `?account=` picks the side
 * when both are the user's. 404 for an entry that is not the user's or not a PIX, 409 for a
 * payment not settled (processing or failed).
 */
export const GET = withMember<{ entryId: string }>("ledger.read", async ({ request, params, tenantId }) => {
  const id = EntryId.safeParse(decodeURIComponent(params.entryId));
  const account = new URL(request.url).searchParams.get("account");
  const accountId = account === null ? undefined : AccountId.safeParse(account);
  if (!id.success || accountId?.success === false) throw notFound("receipt not found");
  const receipt = await receiptOf(db(), tenantId, id.data, accountId?.data);
  const { body, fileName } = await renderReceiptPdf(receipt, requestLocale(request));
  return fileResponse({ body, contentType: "application/pdf", fileName, disposition: "attachment" });
});
