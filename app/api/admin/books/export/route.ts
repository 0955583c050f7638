import { requestLocale } from "@/i18n/request-locale";
import { withSession } from "@/server/auth/with-session";
import { booksFile } from "@/server/books/file";
import { BooksExportQuery } from "@/server/books/schema";
import { readDb } from "@/server/db/replica";
import { invalid } from "@/server/errors";
import { fileResponse } from "@/server/http/file-response";

export const dynamic = "force-dynamic";

/** The institution's books of a month for the accountant, as CSV or PDF in the reader's language; administrators only. */
export const GET = withSession(
  async ({ request, session }) => {
    const parsed = BooksExportQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? "invalid month", "month");
    const file = await booksFile(await readDb(session.user.id), parsed.data, requestLocale(request));
    return fileResponse({ ...file, disposition: "attachment" });
  },
  { admin: true },
);
