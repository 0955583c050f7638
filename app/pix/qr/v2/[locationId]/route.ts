import { problemBody } from "@/server/api-pix/problem";
import { signLocation } from "@/server/charges/location";
import { servedLocation } from "@/server/charges/locations";
import { db } from "@/server/db/client";

export const dynamic = "force-dynamic";

/** API Pix `CobPayloadNaoEncontrado`: 404 where no charge was ever served, 410 once unlinked. */
function notServed(status: 404 | 410) {
  const detail =
    status === 410 ? "Esta location não serve mais a cobrança que servia." : "Nenhuma cobrança nesta location.";
  const body = problemBody(
    { type: "CobPayloadNaoEncontrado", status, title: "Cobrança não encontrada.", detail },
    crypto.randomUUID(),
  );
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/problem+json" } });
}

/** A payload location (a BR Code's field 25): the charge it serves as a signed JWS. */
export async function GET(_request: Request, { params }: { params: Promise<{ locationId: string }> }) {
  const { locationId } = await params;
  if (!/^[0-9a-f-]{36}$/i.test(locationId)) return notServed(404);
  const served = await servedLocation(db(), locationId.toLowerCase());
  // a due-date charge is served at its own URL (cobv/{token}), with the payment day it is asked for
  if (served.kind === "charge" && served.charge.kind === "cobv") return notServed(404);
  if (served.kind === "charge") {
    return new Response(signLocation(served.charge), { headers: { "content-type": "application/jose" } });
  }
  return notServed(served.kind === "gone" ? 410 : 404);
}
