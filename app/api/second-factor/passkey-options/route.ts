import { tokenOfRequest } from "@/server/auth/second-step";
import { withoutSession } from "@/server/auth/with-session";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { passkeyAuthenticationOptions } from "@/server/second-factor/passkeys";

/**
 * A passkey challenge for the second step of sign-in or a step-up. The session cookie, pending or
 * complete, names the user (a pending session is not a session for withSession).
 */
export const POST = withoutSession(async ({ request }) => {
  const token = await tokenOfRequest({ cookie: request.headers.get("cookie") ?? undefined });
  if (!token?.userId) throw new AppError("UNAUTHORIZED", "Sign in first");
  return Response.json(
    await passkeyAuthenticationOptions(db(), token.userId, request.headers.get("host") ?? undefined),
  );
});
