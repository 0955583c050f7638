import NextAuth from "next-auth";
import { authOptions } from "@/server/auth/next-auth";
import { withoutSession } from "@/server/auth/with-session";
import { config } from "@/server/config";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const nextAuth = NextAuth(authOptions);

/** Sign-in and sign-out themselves: next-auth checks its own CSRF token on every POST. */
const handler = withoutSession<{ nextauth: string[] }>(({ request, params }) => {
  config(); // sets next-auth's origin from APP_URL (server/config), in case nothing read it yet
  return nextAuth(request, { params: Promise.resolve(params) });
});

export { handler as GET, handler as POST };
