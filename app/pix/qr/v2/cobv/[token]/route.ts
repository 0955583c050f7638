import { problemBody } from "@/server/api-pix/problem";
import { servedDueDatePayload } from "@/server/charges/due-date/location";
import { db } from "@/server/db/client";

export const dynamic = "force-dynamic";

function problem(status: 400 | 404 | 410, violacoes?: { propriedade: string; razao: string }[]) {
  const init =
    status === 400
      ? {
          type: "CobPayloadOperacaoInvalida",
          status,
          title: "Requisição inválida.",
          detail: "A cobrança existe, mas DPP ou codMun não são válidos para ela.",
          ...(violacoes ? { violacoes } : {}),
        }
      : {
          type: "CobPayloadNaoEncontrado",
          status,
          title: "Cobrança não encontrada.",
          detail:
            status === 410 ? "Esta location não serve mais a cobrança que servia." : "Nenhuma cobrança nesta location.",
        };
  return new Response(JSON.stringify(problemBody(init, crypto.randomUUID())), {
    status,
    headers: { "content-type": "application/problem+json" },
  });
}

/** A due-date charge's location (`?DPP=YYYY-MM-DD&codMun=NNNNNNN`): its CobVPayload as a signed JWS. */
export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  if (!/^[0-9a-f-]{36}$/i.test(token)) return problem(404);
  const query = new URL(request.url).searchParams;
  const served = await servedDueDatePayload(db(), token.toLowerCase(), {
    dpp: query.get("DPP") ?? undefined,
    codMun: query.get("codMun") ?? undefined,
  });
  if (served.kind === "payload") return new Response(served.jws, { headers: { "content-type": "application/jose" } });
  if (served.kind === "invalid") return problem(400, served.violations);
  return problem(served.kind === "gone" ? 410 : 404);
}
