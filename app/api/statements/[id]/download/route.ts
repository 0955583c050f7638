import { db } from "@/server/db/client";
import { downloadStatement } from "@/server/statements/download";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return downloadStatement(db(), id, new URL(request.url), new Date());
}
