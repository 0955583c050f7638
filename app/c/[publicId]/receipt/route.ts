import { requestLocale } from "@/i18n/request-locale";
import { withoutSession } from "@/server/auth/with-session";
import { db } from "@/server/db/client";
import { fileResponse } from "@/server/http/file-response";
import { limitPageRequest } from "@/server/payment-pages/limit";
import { payerReceipt } from "@/server/payment-pages/receipt";
import { renderReceiptPdf } from "@/server/receipts/pdf";

export const dynamic = "force-dynamic";

/** The payer's receipt of this charge's payment (404 until paid), in the page's language. */
export const GET = withoutSession<{ publicId: string }>(async ({ request, params }) => {
  await limitPageRequest(request.headers);
  const receipt = await payerReceipt(db(), params.publicId);
  const { body, fileName } = await renderReceiptPdf(receipt, requestLocale(request));
  return fileResponse({ body, contentType: "application/pdf", fileName, disposition: "attachment" });
});
