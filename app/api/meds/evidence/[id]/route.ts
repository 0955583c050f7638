import { db } from "@/server/db/client";
import { serveEvidence } from "@/server/meds/evidence";

export const dynamic = "force-dynamic";

/** The signed, credential-free link to one evidence file (server/meds/evidence.ts). */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return serveEvidence(db(), id, new URL(request.url), new Date());
}
