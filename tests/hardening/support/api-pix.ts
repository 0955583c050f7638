/**
 * The API Pix surface in the hardening suites. Its routes land one file at a time, so nothing
 * here names a route of ours: a merchant's records are made through whichever of the
 * specification's operations the surface serves (PUT /cob/{txid}, POST /loc, PUT /webhook/{chave},
 * PUT /pix/{e2eid}/devolucao/{id}), with the bodies the specification describes, and every
 * answer is checked against the specification's schemas.
 */
import { randomBytes } from "node:crypto";
import { API_PIX_BASE, createApiPix } from "../../../server/api-pix/app";
import { plusDays, todayInSaoPaulo } from "../../../server/charges/due-date/calendar";
import { db } from "../../../server/db/client";
import { createPixKey } from "../../../server/pix/keys/service";
import { settleRecurrence } from "../../../server/recurrences/service";
import { IN_SCOPE, specDocument } from "../../api-pix/spec/document";
import { problemErrors, specPathOf, specResponseErrors } from "../../api-pix/spec-validator";
import { randomCnpj } from "../../support/fixtures";
import { type Merchant, type Sent, send } from "./requests";

export type Bearing = Merchant & { bearer: string };

/** "METHOD /path" (spec form, `{name}` placeholders, base removed) of every route the surface serves. */
export function servedApiPixOperations(): Set<string> {
  return new Set(
    createApiPix()
      .routes.filter((r) => r.method !== "ALL")
      .map((r) => `${r.method} ${r.path.slice(API_PIX_BASE.length).replace(/:(\w+)/g, "{$1}")}`),
  );
}

/** A txid as the specification shapes them: 26 to 35 letters and digits. */
export const newTxid = () => randomBytes(16).toString("hex");

/** The parts of a cobv the rules accept (due in ten days), without its chave: seeds and hints. */
export function cobvTerms() {
  return {
    calendario: { dataDeVencimento: plusDays(todayInSaoPaulo(), 10) },
    devedor: { cpf: "12345678909", nome: "Pagadora do teste" },
    valor: { original: "12.34", multa: { modalidade: 2, valorPerc: "2.00" } },
  };
}

/** What a merchant owns on the API Pix surface: its key, and what the served operations made. */
export type ApiPixRecords = {
  chave: string;
  txids: string[];
  locIds: string[];
  refundIds: string[];
  batchIds: string[];
  recIds: string[];
  solicRecIds: string[];
  notes: string[];
};

/**
 * The merchant's EVP key, and, for each seeding operation the surface serves, one record made
 * through it. An answer that is not 2xx is noted (not thrown): the suites then say which kind of
 * id they could not get.
 */
/** An approved recurrence of its own and a recurring charge of it due on its first day (txids). */
async function seedRecurringCharge(
  m: Bearing,
  put: (name: string, path: string, body: unknown) => Promise<Record<string, unknown> | null>,
  records: ApiPixRecords,
) {
  const start = plusDays(todayInSaoPaulo(), 7);
  const rec = await put("POST /rec", "/rec", {
    vinculo: { contrato: "Semente cobr", devedor: { cpf: "12345678909", nome: "Pagadora do teste" } },
    calendario: { dataInicial: start, periodicidade: "MENSAL" },
    valor: { valorRec: "12.34" },
    politicaRetentativa: "PERMITE_3R_7D",
  });
  if (typeof rec?.idRec !== "string") return;
  await settleRecurrence(db(), m.userId, rec.idRec, { to: "APROVADA" });
  const txid = newTxid();
  if (await put("PUT /cobr/{txid}", `/cobr/${txid}`, cobrTerms(m.accountId, rec.idRec))) records.txids.push(txid);
}

/** A recurring charge's terms on the account, due in a week (the seeded recurrence's first day). */
export function cobrTerms(accountId: string, idRec?: string) {
  return {
    ...(idRec ? { idRec } : {}),
    calendario: { dataDeVencimento: plusDays(todayInSaoPaulo(), 7) },
    valor: { original: "12.34" },
    ajusteDiaUtil: true,
    recebedor: { conta: accountId, tipoConta: "PAGAMENTO" },
  };
}

export async function seedApiPixRecords(m: Bearing, receivedEndToEndId?: string): Promise<ApiPixRecords> {
  const key = await createPixKey(db(), { callerId: m.userId, accountId: m.accountId }, { type: "EVP" });
  const records: ApiPixRecords = {
    chave: key.key,
    txids: [],
    locIds: [],
    refundIds: [],
    batchIds: [],
    recIds: [],
    solicRecIds: [],
    notes: [],
  };
  const served = servedApiPixOperations();
  const put = async (name: string, path: string, body: unknown) => {
    if (!served.has(name)) return null;
    const sent = await send(
      "api-pix",
      m,
      name.split(" ")[0] ?? "GET",
      `${API_PIX_BASE}${path}`,
      {},
      JSON.stringify(body),
    );
    if (sent.status >= 300) {
      records.notes.push(`${name}: ${sent.status} ${sent.text.slice(0, 200)}`);
      return null;
    }
    return sent.json as Record<string, unknown> | null;
  };
  const txid = newTxid();
  const cob = await put("PUT /cob/{txid}", `/cob/${txid}`, {
    calendario: { expiracao: 3600 },
    valor: { original: "12.34" },
    chave: key.key,
    solicitacaoPagador: "Semente do teste de isolamento.",
  });
  if (cob) records.txids.push(txid);
  const cobLoc = (cob?.loc as { id?: unknown } | undefined)?.id;
  if (cobLoc !== undefined) records.locIds.push(String(cobLoc));
  const cobvTxid = newTxid();
  if (await put("PUT /cobv/{txid}", `/cobv/${cobvTxid}`, { ...cobvTerms(), chave: key.key })) {
    records.txids.push(cobvTxid);
  }
  const batchId = String(randomBytes(5).readUIntBE(0, 5));
  const batch = { descricao: "Semente", cobsv: [{ txid: newTxid(), ...cobvTerms(), chave: key.key }] };
  if (await put("PUT /lotecobv/{id}", `/lotecobv/${batchId}`, batch)) records.batchIds.push(batchId);
  if (served.has("POST /rec")) {
    // Pix Automático receivers are companies: the seeded merchant's account becomes one first.
    await db().account.update({ where: { id: m.accountId }, data: { document: randomCnpj() } });
    const rec = await put("POST /rec", "/rec", {
      vinculo: { contrato: "Semente", devedor: { cpf: "12345678909", nome: "Pagadora do teste" } },
      calendario: { dataInicial: plusDays(todayInSaoPaulo(), 7), periodicidade: "MENSAL" },
      valor: { valorRec: "12.34" },
      politicaRetentativa: "NAO_PERMITE",
    });
    if (typeof rec?.idRec === "string") records.recIds.push(rec.idRec);
    const solicRec =
      typeof rec?.idRec === "string"
        ? await put("POST /solicrec", "/solicrec", {
            idRec: rec.idRec,
            calendario: { dataExpiracaoSolicitacao: new Date(Date.now() + 86_400_000).toISOString() },
            destinatario: { conta: "123456", ispbParticipante: "12345678", cpf: "12345678909" },
          })
        : null;
    if (typeof solicRec?.idSolicRec === "string") records.solicRecIds.push(solicRec.idSolicRec);
    if (served.has("PUT /cobr/{txid}")) await seedRecurringCharge(m, put, records);
  }
  const loc = await put("POST /loc", "/loc", { tipoCob: "cob" });
  if (loc?.id !== undefined) records.locIds.push(String(loc.id));
  await put("PUT /webhook/{chave}", `/webhook/${encodeURIComponent(key.key)}`, {
    webhookUrl: "https://127.0.0.1:9/api-pix-hook",
  });
  if (receivedEndToEndId) {
    const refundId = `D${randomBytes(6).toString("hex")}`;
    const refund = await put("PUT /pix/{e2eid}/devolucao/{id}", `/pix/${receivedEndToEndId}/devolucao/${refundId}`, {
      valor: "0.10",
    });
    if (refund) records.refundIds.push(refundId);
  }
  return records;
}

/**
 * The contract's checks on an API Pix answer: every error is the specification's `Problema` for
 * its status, and every 2xx answer of an operation the specification has is what it promises.
 */
export function apiPixAnswerErrors(method: string, sent: Sent): string[] {
  if (sent.status >= 400) return problemErrors(sent.status, sent.json);
  // 2xx answers are held to the specification for the operations declared conformant (IN_SCOPE).
  const spec = specDocument();
  const template = spec ? specPathOf(spec, method.toLowerCase(), sent.url) : undefined;
  if (!template || !(IN_SCOPE as readonly string[]).includes(`${method.toUpperCase()} ${template}`)) return [];
  const errors = specResponseErrors(method, sent.url, sent.status, sent.status === 204 ? undefined : sent.json);
  return errors.filter((e) => !e.endsWith("no such operation in the specification"));
}
