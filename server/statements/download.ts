/** GET /api/statements/{id}/download?expires&signature: the signed, credential-free download. */
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type { Tx } from "../db/client";
import { storage } from "../storage";
import { verifyDownload } from "./signed-url";

function problem(status: 403 | 404, code: string, message: string): Response {
  return Response.json({ requestId: randomUUID(), status, success: false, message, code }, { status });
}

export async function downloadStatement(db: Tx, id: string, url: URL, now: Date): Promise<Response> {
  if (!verifyDownload(id, url.searchParams.get("expires"), url.searchParams.get("signature"), now)) {
    return problem(403, "FORBIDDEN", "Download link expired or invalid");
  }
  const statement = await db.statement.findUnique({ where: { id } });
  const file = statement?.status === "done" && statement.reportPath ? await storage().get(statement.reportPath) : null;
  if (!statement || !file) return problem(404, "NOT_FOUND", "Statement file not found");
  return new Response(Readable.toWeb(file.stream) as ReadableStream, {
    status: 200,
    headers: {
      "content-type": file.contentType,
      "content-length": String(file.sizeBytes),
      "content-disposition": `attachment; filename="${statement.reportId}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
