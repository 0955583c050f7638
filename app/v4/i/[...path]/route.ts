import { accountApi } from "@/server/account-api/app";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const handle = (request: Request) => accountApi().fetch(request);

export { handle as DELETE, handle as GET, handle as PATCH, handle as POST, handle as PUT };
