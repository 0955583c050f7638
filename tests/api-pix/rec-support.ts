/** Helpers of the API Pix rec tests: a recurrence body and the calls. */
import { plusDays, todayInSaoPaulo } from "../../server/charges/due-date/calendar";
import { db } from "../../server/db/client";
import { basic, randomCnpj, randomCpf } from "../support/fixtures";
import { apiPixMerchantWithKey, PROBLEM, pixCall } from "./support";

/** An API Pix merchant whose account is a company's (Pix Automático receivers are legal persons). */
export async function apiPixCompanyWithKey(scope?: string) {
  const merchant = await apiPixMerchantWithKey(scope);
  const document = randomCnpj();
  await db().account.update({ where: { id: merchant.accountId }, data: { document } });
  return { ...merchant, document };
}

/** Such a company with the account API's Basic credentials too (the sandbox payer's doors). */
export async function sandboxCompany() {
  const merchant = await apiPixCompanyWithKey();
  return { ...merchant, auth: basic(merchant.clientId, merchant.clientSecret) };
}
export type SandboxCompany = Awaited<ReturnType<typeof sandboxCompany>>;

export const today = () => todayInSaoPaulo();

/** A valid monthly recurrence starting in a week, with `extra` fields over it. */
export const recBody = (extra: Record<string, unknown> = {}) => ({
  vinculo: { objeto: "Academia plano mensal", contrato: "CT-0001", devedor: { cpf: randomCpf(), nome: "Ana Souza" } },
  calendario: { dataInicial: plusDays(today(), 7), periodicidade: "MENSAL" },
  valor: { valorRec: "89.90" },
  politicaRetentativa: "PERMITE_3R_7D",
  ...extra,
});

export async function postRec(bearer: string, body: unknown) {
  return pixCall(bearer, "POST", "/rec", { body });
}

/** A created recurrence's idRec. */
export async function createdRec(bearer: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await postRec(bearer, recBody(extra));
  if (res.status !== 201) throw new Error(`POST /rec: ${res.status} ${res.text}`);
  return res.json.idRec as string;
}

type Res = { status: number; json: { type?: string; violacoes?: { propriedade: string }[] } };

/** The properties a RecOperacaoInvalida names (throws on any other answer). */
export function recViolations(res: Res): string[] {
  if (res.status !== 400 || res.json.type !== `${PROBLEM}RecOperacaoInvalida`) {
    throw new Error(`expected RecOperacaoInvalida, got ${res.status} ${JSON.stringify(res.json)}`);
  }
  return (res.json.violacoes ?? []).map((v) => v.propriedade);
}
