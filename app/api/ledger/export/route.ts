import { requestLocale } from "@/i18n/request-locale";
import { withMember } from "@/server/auth/with-session";
import { readDb } from "@/server/db/replica";
import { invalid } from "@/server/errors";
import { exportFileName } from "@/server/exports/labels";
import { fileResponse } from "@/server/http/file-response";
import { EntryExportQuery } from "@/server/ledger/schema";
import { ledgerCsv } from "@/server/statements/ledger-csv";
import { saoPauloDate } from "@/server/time";

export const dynamic = "force-dynamic";

/** The dashboard's ledger filter as a CSV download in the dashboard's language, streamed (server/statements/ledger-csv.ts). */
export const GET = withMember("ledger.read", async ({ request, session, tenantId }) => {
  const parsed = EntryExportQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? "invalid filter");
  const locale = requestLocale(request);
  return fileResponse({
    body: ledgerCsv(await readDb(session.user.id), tenantId, parsed.data, locale),
    contentType: "text/csv; charset=utf-8",
    fileName: exportFileName(locale, "ledger", [saoPauloDate(new Date())], "csv"),
    disposition: "attachment",
  });
});
