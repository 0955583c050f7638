import { getSession } from "@/server/auth/next-auth";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { AccountId, EntryId } from "@/server/fields/ids";
import { renderReceiptPdf } from "@/server/receipts/pdf";
import { receiptOf } from "@/server/receipts/service";

export const dynamic = "force-dynamic";

/** A PIX entry's receipt as PDF; `?account=` picks the side when both are the user's. */
export async function GET(request: Request, { params }: { params: Promise<{ entryId: string }> }) {
  const session = await getSession();
  if (!session?.user) return Response.json({ code: "UNAUTHORIZED", message: "sign in first" }, { status: 401 });
  const id = EntryId.safeParse(decodeURIComponent((await params).entryId));
  const account = new URL(request.url).searchParams.get("account");
  const accountId = account === null ? undefined : AccountId.safeParse(account);
  if (!id.success || accountId?.success === false) {
    return Response.json({ code: "NOT_FOUND", message: "receipt not found" }, { status: 404 });
  }
  try {
    const receipt = await receiptOf(db(), session.user.id, id.data, accountId?.data);
    const pdf = await renderReceiptPdf(receipt);
    return new Response(new Uint8Array(pdf), {
      headers: {
        "content-type": "application/pdf",
        "content-disposition": `attachment; filename="comprovante-${receipt.endToEndId}.pdf"`,
        "cache-control": "no-store",
      },
    });
  } catch (error) {
    if (error instanceof AppError)
      return Response.json({ code: error.code, message: error.message }, { status: error.status });
    throw error;
  }
}
