import { withMember } from "@/server/auth/with-session";
import { LOGO_MAX_BYTES } from "@/server/branding/schema";
import { removeLogo, setLogo } from "@/server/branding/service";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { readWithin } from "@/server/http/body-limit";

export const dynamic = "force-dynamic";

/** The signed-in merchant's logo: the raw file as the body (sniffed, size-limited, resized by the service). */
export const POST = withMember("branding.manage", async ({ request, tenantId }) => {
  const body = await readWithin(request, LOGO_MAX_BYTES);
  if (body === "too-large") throw new AppError("PAYLOAD_TOO_LARGE", "logo: file larger than 1 MB", "logo");
  return Response.json(await setLogo(db(), tenantId, Buffer.from(body)));
});

export const DELETE = withMember("branding.manage", async ({ tenantId }) =>
  Response.json(await removeLogo(db(), tenantId)),
);
