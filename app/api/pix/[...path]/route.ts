import { apiPixFetch } from "@/server/api-pix/surface";
import { withoutSession } from "@/server/auth/with-session";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The API Pix surface (server/api-pix): OAuth tokens and the standard resources, no session. */
const handle = withoutSession(({ request }) => apiPixFetch(request));

export { handle as DELETE, handle as GET, handle as PATCH, handle as POST, handle as PUT };
