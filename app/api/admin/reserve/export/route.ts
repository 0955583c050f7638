import { requestLocale } from "@/i18n/request-locale";
import { reserveCsv } from "@/server/admin/reserve-export";
import { withSession } from "@/server/auth/with-session";
import { readDb } from "@/server/db/replica";
import { invalid } from "@/server/errors";
import { fileResponse } from "@/server/http/file-response";
import { ReserveQuery } from "@/server/ledger/schema";

export const dynamic = "force-dynamic";

/** The back office's settlement-account days as a CSV download in the reader's language; administrators only. */
export const GET = withSession(
  async ({ request, session }) => {
    const parsed = ReserveQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? "invalid period");
    const { fileName, body } = await reserveCsv(await readDb(session.user.id), parsed.data, requestLocale(request));
    return fileResponse({ body, contentType: "text/csv; charset=utf-8", fileName, disposition: "attachment" });
  },
  { admin: true },
);
