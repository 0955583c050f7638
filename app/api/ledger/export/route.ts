import { getSession } from "@/server/auth/next-auth";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { ledgerCsv } from "@/server/ledger/export";
import { EntryExportQuery } from "@/server/ledger/schema";
import { saoPauloDate } from "@/server/time";

export const dynamic = "force-dynamic";

/** The dashboard's ledger filter as a CSV download, streamed (server/ledger/export.ts). */
export async function GET(request: Request) {
  const session = await getSession();
  if (!session?.user) return Response.json({ code: "UNAUTHORIZED", message: "sign in first" }, { status: 401 });
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = EntryExportQuery.safeParse(params);
  if (!parsed.success) {
    return Response.json(
      { code: "VALIDATION_ERROR", message: parsed.error.issues[0]?.message ?? "invalid filter" },
      { status: 400 },
    );
  }
  let chunks: AsyncGenerator<string>;
  try {
    chunks = ledgerCsv(db(), session.user.id, parsed.data);
  } catch (error) {
    if (error instanceof AppError)
      return Response.json({ code: error.code, message: error.message }, { status: error.status });
    throw error;
  }
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="lancamentos-${saoPauloDate(new Date())}.csv"`,
      "cache-control": "no-store",
    },
  });
}
