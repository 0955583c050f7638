import { problemBody } from "@/server/api-pix/problem";
import { recPayloadView } from "@/server/api-pix/views/rec";
import { signPayload } from "@/server/charges/location";
import { db } from "@/server/db/client";
import { servedRecurrenceLocation } from "@/server/recurrences/locations";
import { isFinal, type RecStatus } from "@/server/recurrences/status";

export const dynamic = "force-dynamic";

function problem(status: 400 | 404 | 410) {
  const init =
    status === 400
      ? {
          type: "RecPayloadOperacaoInvalida",
          status,
          title: "Recorrência indisponível.",
          detail: "A recorrência desta location está expirada, rejeitada ou cancelada.",
          violacoes: [
            { propriedade: "recUrlAccessToken", razao: "A recorrência está expirada, rejeitada ou cancelada." },
          ],
        }
      : {
          type: "RecPayloadNaoEncontrado",
          status,
          title: "Recorrência não encontrada.",
          detail:
            status === 410
              ? "Esta location não serve mais a recorrência que servia."
              : "Nenhuma recorrência nesta location.",
        };
  return new Response(JSON.stringify(problemBody(init, crypto.randomUUID())), {
    status,
    headers: { "content-type": "application/problem+json" },
  });
}

/** A recurrence's location (field 80 of its QR): its RecPayload as a signed JWS (the cob locations' key). */
export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  if (!/^[0-9a-f-]{36}$/i.test(token)) return problem(404);
  const served = await servedRecurrenceLocation(db(), token.toLowerCase());
  if (served.kind !== "rec") return problem(served.kind === "gone" ? 410 : 404);
  const rec = served.recurrence;
  if (isFinal(rec.status as RecStatus)) return problem(400);
  const account = await db().account.findUniqueOrThrow({ where: { id: rec.accountId } });
  return new Response(signPayload(recPayloadView(rec, account)), { headers: { "content-type": "application/jose" } });
}
