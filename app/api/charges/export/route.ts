import { requestLocale } from "@/i18n/request-locale";
import { withMember } from "@/server/auth/with-session";
import { chargesCsv } from "@/server/charges/export";
import { ChargeExportQuery } from "@/server/charges/schema";
import { db } from "@/server/db/client";
import { invalid } from "@/server/errors";
import { exportFileName } from "@/server/exports/labels";
import { fileResponse } from "@/server/http/file-response";
import { saoPauloDate } from "@/server/time";

export const dynamic = "force-dynamic";

/** The charges list's current filter as a CSV download in the dashboard's language, streamed a page at a time. */
export const GET = withMember("charges.read", async ({ request, tenantId }) => {
  const parsed = ChargeExportQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? "invalid filter");
  const locale = requestLocale(request);
  return fileResponse({
    body: chargesCsv(db(), tenantId, parsed.data, locale),
    contentType: "text/csv; charset=utf-8",
    fileName: exportFileName(locale, "charges", [saoPauloDate(new Date())], "csv"),
    disposition: "attachment",
  });
});
