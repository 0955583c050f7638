/**
 * POST /api/meds/evidence?endToEndId=…: one evidence file for the signed-in merchant's MED, the
 * raw bytes as the body and its name in `X-File-Name` (URI-encoded). Sniffed, size-limited while
 * streaming (server/meds/evidence.ts); a declared Content-Length over the limit is refused unread.
 */
import { Readable } from "node:stream";
import { getSession } from "@/server/auth/next-auth";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { EndToEndId } from "@/server/fields/ids";
import { evidenceView, storeEvidence } from "@/server/meds/evidence";
import { EvidenceFileName } from "@/server/meds/schema";
import { sameOrigin } from "@/server/trpc/http";
import { exceedsUploadLimit, fileTooLarge } from "@/server/uploads/file-rules";

export const dynamic = "force-dynamic";

const refuse = (error: AppError) =>
  Response.json({ status: error.status, code: error.code, message: error.message }, { status: error.status });

function fileNameOf(header: string | null): string | null {
  try {
    const parsed = EvidenceFileName.safeParse(decodeURIComponent(header ?? ""));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function POST(request: Request) {
  // the session cookie rides along on any request to us: only our own pages may post here
  if (!sameOrigin(request)) return refuse(new AppError("FORBIDDEN", "Cross-origin request refused"));
  const session = await getSession();
  if (!session) return refuse(new AppError("UNAUTHORIZED", "sign in first"));
  const declared = request.headers.get("content-length");
  if (declared !== null && exceedsUploadLimit(Number(declared))) return refuse(fileTooLarge("file"));
  const endToEndId = EndToEndId.safeParse(new URL(request.url).searchParams.get("endToEndId"));
  if (!endToEndId.success) return refuse(new AppError("NOT_FOUND", "MED not found"));
  const fileName = fileNameOf(request.headers.get("x-file-name"));
  if (!fileName) return refuse(new AppError("VALIDATION_ERROR", "X-File-Name must name the file", "fileName"));
  if (!request.body) return refuse(new AppError("UNSUPPORTED_FILE_TYPE", "the file is empty", "file"));
  try {
    const evidence = await storeEvidence(db(), {
      userId: session.user.id,
      endToEndId: endToEndId.data,
      fileName,
      body: Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>),
    });
    return Response.json(evidenceView(evidence, new Date()), { status: 201 });
  } catch (error) {
    if (error instanceof AppError) return refuse(error);
    throw error;
  }
}
