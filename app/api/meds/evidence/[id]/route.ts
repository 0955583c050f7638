import { withoutSession } from "@/server/auth/with-session";
import { db } from "@/server/db/client";
import { fileResponse } from "@/server/http/file-response";
import { signedEvidenceFile } from "@/server/meds/evidence";
import { signedLinkQuery } from "@/server/storage/signed-link";

export const dynamic = "force-dynamic";

/** One evidence file, inline, for whoever holds its signed link: no session, the link is the authority. */
export const GET = withoutSession<{ id: string }>(async ({ request, params }) => {
  const file = await signedEvidenceFile(db(), params.id, signedLinkQuery(new URL(request.url)), new Date());
  return fileResponse({ ...file, body: file.stream, disposition: "inline" });
});
