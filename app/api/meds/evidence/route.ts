/**
 * POST /api/meds/evidence?endToEndId=…: one evidence file for the signed-in merchant's MED, the
 * raw bytes as the body and its name in `X-File-Name` (URI-encoded). Sniffed, size-limited while
 * streaming (server/meds/evidence.ts); a declared Content-Length over the limit is refused unread.
 */
import { Readable } from "node:stream";
import { withMember } from "@/server/auth/with-session";
import { db } from "@/server/db/client";
import { AppError, notFound } from "@/server/errors";
import { EndToEndId } from "@/server/fields/ids";
import { evidenceView, storeEvidence } from "@/server/meds/evidence";
import { EvidenceFileName } from "@/server/meds/schema";
import { exceedsUploadLimit, fileTooLarge } from "@/server/uploads/file-rules";

export const dynamic = "force-dynamic";

function fileNameOf(header: string | null): string | null {
  try {
    const parsed = EvidenceFileName.safeParse(decodeURIComponent(header ?? ""));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

// a POST: withMember (withSession) refuses it from another site's page, as the session cookie rides along anyway
export const POST = withMember("meds.defend", async ({ request, tenantId }) => {
  const declared = request.headers.get("content-length");
  if (declared !== null && exceedsUploadLimit(Number(declared))) throw fileTooLarge("file");
  const endToEndId = EndToEndId.safeParse(new URL(request.url).searchParams.get("endToEndId"));
  if (!endToEndId.success) throw notFound("MED not found");
  const fileName = fileNameOf(request.headers.get("x-file-name"));
  if (!fileName) throw new AppError("VALIDATION_ERROR", "X-File-Name must name the file", "fileName");
  if (!request.body) throw new AppError("UNSUPPORTED_FILE_TYPE", "the file is empty", "file");
  const evidence = await storeEvidence(db(), {
    userId: tenantId,
    endToEndId: endToEndId.data,
    fileName,
    body: Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>),
  });
  return Response.json(evidenceView(evidence, new Date()), { status: 201 });
});
