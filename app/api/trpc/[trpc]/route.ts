import { withoutSession } from "@/server/auth/with-session";
import { handleTrpc } from "@/server/trpc/http";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The dashboard's API: each procedure reads the session itself, and mutations are same-origin (server/trpc/http.ts). */
const handler = withoutSession(({ request }) => handleTrpc(request));

export { handler as GET, handler as POST };
