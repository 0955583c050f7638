import { withoutSession } from "@/server/auth/with-session";
import { logoFile } from "@/server/branding/service";
import { notFound } from "@/server/errors";
import { fileResponse } from "@/server/http/file-response";

export const dynamic = "force-dynamic";

/** A merchant's logo for the payer's pages: public under its random key, which changes with every upload. */
export const GET = withoutSession<{ key: string }>(async ({ params }) => {
  const file = await logoFile(params.key);
  if (!file) throw notFound("logo not found");
  const response = fileResponse({
    body: file.stream,
    contentType: "image/png",
    fileName: "logo.png",
    disposition: "inline",
    sizeBytes: file.sizeBytes,
  });
  response.headers.set("cache-control", "public, max-age=31536000, immutable");
  return response;
});
