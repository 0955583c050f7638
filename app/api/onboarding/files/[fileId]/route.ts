/**
 * A KYC file, decrypted, for an administrator or the proposal's programme owner (anyone else:
 * 404). Served inline with its sniffed type and nosniff, never cached.
 */
import { getSession } from "@/server/auth/next-auth";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { UUID_PATTERN } from "@/server/fields/ids";
import { readKycFile } from "@/server/onboarding/review";

export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ fileId: string }> }) {
  const session = await getSession();
  if (!session) return new Response("Unauthorized", { status: 401 });
  const { fileId } = await params;
  if (!UUID_PATTERN.test(fileId)) return new Response("Not found", { status: 404 });
  try {
    const file = await readKycFile(db(), fileId, { userId: session.user.id, isAdmin: session.user.role === "ADMIN" });
    const extension = file.contentType === "application/pdf" ? "pdf" : file.contentType === "image/png" ? "png" : "jpg";
    return new Response(new Uint8Array(file.bytes), {
      headers: {
        "Content-Type": file.contentType,
        "Content-Length": String(file.bytes.length),
        "Content-Disposition": `inline; filename="${file.documentType}-${file.side}.${extension}"`,
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return new Response("Not found", { status: 404 });
    throw error;
  }
}
