import { gatewayApi } from "@/server/gateway/app";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const handle = (request: Request) => gatewayApi().fetch(request);

export { handle as DELETE, handle as GET, handle as PATCH, handle as POST, handle as PUT };
