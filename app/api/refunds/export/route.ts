import { requestLocale } from "@/i18n/request-locale";
import { withMember } from "@/server/auth/with-session";
import { db } from "@/server/db/client";
import { invalid } from "@/server/errors";
import { exportFileName } from "@/server/exports/labels";
import { fileResponse } from "@/server/http/file-response";
import { refundsCsv } from "@/server/refunds/export";
import { RefundExportQuery } from "@/server/refunds/schema";
import { saoPauloDate } from "@/server/time";

export const dynamic = "force-dynamic";

/** The refunds list's current filter as a CSV download in the dashboard's language, streamed a page at a time. */
export const GET = withMember("refunds.read", async ({ request, tenantId }) => {
  const parsed = RefundExportQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? "invalid filter");
  const locale = requestLocale(request);
  return fileResponse({
    body: refundsCsv(db(), tenantId, parsed.data, locale),
    contentType: "text/csv; charset=utf-8",
    fileName: exportFileName(locale, "refunds", [saoPauloDate(new Date())], "csv"),
    disposition: "attachment",
  });
});
