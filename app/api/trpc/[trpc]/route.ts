import { handleTrpc } from "@/server/trpc/http";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const handler = (req: Request) => handleTrpc(req);

export { handler as GET, handler as POST };
