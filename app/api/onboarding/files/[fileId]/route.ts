/**
 * A KYC file, decrypted, for an administrator or the proposal's programme owner (anyone else:
 * 404). Served inline with its sniffed type and nosniff, never cached.
 */
import { memberOfSession, tenantFor } from "@/server/auth/tenant";
import { withSession } from "@/server/auth/with-session";
import { db } from "@/server/db/client";
import { notFound } from "@/server/errors";
import { UUID_PATTERN } from "@/server/fields/ids";
import { fileResponse } from "@/server/http/file-response";
import { readKycFile } from "@/server/onboarding/review";

export const dynamic = "force-dynamic";

const EXTENSIONS: Record<string, string> = { "application/pdf": "pdf", "image/png": "png", "image/jpeg": "jpg" };

export const GET = withSession<{ fileId: string }>(async ({ params, session }) => {
  if (!UUID_PATTERN.test(params.fileId)) throw notFound("file not found");
  const isAdmin = session.user.role === "ADMIN";
  // a programme owner reads its proposals' files as its organisation (server/auth/tenant.ts)
  const userId = isAdmin ? session.user.id : tenantFor(await memberOfSession(session.user), "programme.read");
  const viewer = { userId, isAdmin };
  const file = await readKycFile(db(), params.fileId, viewer);
  return fileResponse({
    body: file.bytes,
    contentType: file.contentType,
    fileName: `${file.documentType}-${file.side}.${EXTENSIONS[file.contentType] ?? "bin"}`,
    disposition: "inline",
  });
});
