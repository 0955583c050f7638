/** Helpers of the API Pix solicrec tests: a request body for a recurrence and the calls. */
import { db } from "../../server/db/client";
import { createdRec } from "./rec-support";
import { PROBLEM, pixCall } from "./support";

const inADay = () => new Date(Date.now() + 86_400_000).toISOString();

/** A request for `idRec` to its debtor (`document`), expiring in a day, with `extra` over it. */
export const solicRecBody = (idRec: string, document: string, extra: Record<string, unknown> = {}) => ({
  idRec,
  calendario: { dataExpiracaoSolicitacao: inADay() },
  destinatario: { agencia: "0001", conta: "123456", ispbParticipante: "12345678", cpf: document },
  ...extra,
});

/** A created recurrence and its debtor's document. */
export async function recWithDebtor(bearer: string) {
  const idRec = await createdRec(bearer);
  const rec = await db().recurrence.findUniqueOrThrow({ where: { idRec } });
  return { idRec, debtor: rec.debtorDocument };
}

export const postSolicRec = (bearer: string, body: unknown) => pixCall(bearer, "POST", "/solicrec", { body });

/** A request sent for a new recurrence: its idSolicRec and idRec. */
export async function createdSolicRec(bearer: string) {
  const { idRec, debtor } = await recWithDebtor(bearer);
  const res = await postSolicRec(bearer, solicRecBody(idRec, debtor));
  if (res.status !== 201) throw new Error(`POST /solicrec: ${res.status} ${res.text}`);
  return { idSolicRec: res.json.idSolicRec as string, idRec };
}

type Res = { status: number; json: { type?: string; violacoes?: { propriedade: string }[] } };

/** The properties a SolicRecOperacaoInvalida names (throws on any other answer). */
export function solicRecViolations(res: Res): string[] {
  if (res.status !== 400 || res.json.type !== `${PROBLEM}SolicRecOperacaoInvalida`) {
    throw new Error(`expected SolicRecOperacaoInvalida, got ${res.status} ${JSON.stringify(res.json)}`);
  }
  return (res.json.violacoes ?? []).map((v) => v.propriedade);
}
