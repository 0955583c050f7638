import { withoutSession } from "@/server/auth/with-session";
import { gatewayApi } from "@/server/gateway/app";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The gateway surface: API keys and signed bodies, no session (server/gateway/pipeline). */
const handle = withoutSession(({ request }) => gatewayApi().fetch(request));

export { handle as DELETE, handle as GET, handle as PATCH, handle as POST, handle as PUT };
