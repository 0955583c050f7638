import { signLocation } from "@/server/charges/location";
import { db } from "@/server/db/client";

export const dynamic = "force-dynamic";

/** A charge's location (its BR Code's field 25): the charge as a signed JWS. */
export async function GET(_request: Request, { params }: { params: Promise<{ locationId: string }> }) {
  const { locationId } = await params;
  if (!/^[0-9a-f-]{36}$/i.test(locationId)) return new Response("Not found", { status: 404 });
  const charge = await db().charge.findUnique({ where: { locationId: locationId.toLowerCase() } });
  if (!charge) return new Response("Not found", { status: 404 });
  return new Response(signLocation(charge), { headers: { "content-type": "application/jose" } });
}
