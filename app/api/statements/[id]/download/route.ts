import { withoutSession } from "@/server/auth/with-session";
import { db } from "@/server/db/client";
import { fileResponse } from "@/server/http/file-response";
import { signedStatementFile } from "@/server/statements/download";
import { signedLinkQuery } from "@/server/storage/signed-link";

export const dynamic = "force-dynamic";

/** A statement's file for whoever holds its signed link (`reportUrl`): no session, the link is the authority. */
export const GET = withoutSession<{ id: string }>(async ({ request, params }) => {
  const file = await signedStatementFile(db(), params.id, signedLinkQuery(new URL(request.url)), new Date());
  return fileResponse({ ...file, body: file.stream, disposition: "attachment" });
});
