/**
 * The simulated PIX network in process (docs/contract.md, "Sandbox"; PIX_RAIL=sandbox): keys of
 * this platform resolve to their accounts; any other well-formed key resolves to a deterministic
 * participant at another institution; `<code>@fail.sandbox` keys are rejected by SPI with that
 * reason code. Payments to other institutions are decided SANDBOX_SETTLEMENT_DELAY_MS after they
 * are submitted (the outbox event waits that long); the decision is applied by the same core as
 * the network's (server/pix/outgoing.ts).
 */
import { createHash } from "node:crypto";
import { config } from "../config";
import type { Tx } from "../db/client";
import { documentKind, maskDocument } from "../documents/cpf-cnpj";
import type { PixKeyType } from "../generated/prisma/client";
import { type Party, platformParty } from "../ledger/parties";
import { recordEvent } from "../outbox/record";
import { parsePixKey } from "./keys";
import type { KeyResolution, PartialParty, PixRail, SubmittedPayment } from "./rail";
import { REJECTION_REASONS } from "./reasons";
import { submissionEvent } from "./submission";

/** The reason codes a `<code>@fail.sandbox` key is rejected with. */
const SANDBOX_REJECTION_CODES = ["AB03", "AC03", "AC06", "AM02", "BE01"];

const INSTITUTIONS = [
  { ispb: "10000001", name: "Banco Simulado Aurora" },
  { ispb: "10000002", name: "Cooperativa Simulada Ipê" },
  { ispb: "10000003", name: "Fintech Simulada Jacarandá" },
  { ispb: "10000004", name: "Banco Simulado Cerrado" },
];
const FIRST_NAMES = ["Ana", "Bruno", "Carla", "Diego", "Elisa", "Fábio", "Gabriela", "Heitor", "Isabela", "João"];
const LAST_NAMES = ["Silva", "Souza", "Oliveira", "Santos", "Pereira", "Lima", "Carvalho", "Ferreira", "Almeida"];

function simulatedDigits(seed: Buffer, offset: number, length: number): string {
  let digits = "";
  for (let i = 0; digits.length < length; i++) digits += String((seed[(offset + i) % seed.length] ?? 0) % 10);
  return digits;
}

export function simulatedParticipant(key: string, keyType: PixKeyType): Party {
  const seed = createHash("sha256").update(key).digest();
  const institution = INSTITUTIONS[(seed[0] ?? 0) % INSTITUTIONS.length] as (typeof INSTITUTIONS)[number];
  const company = keyType === "CNPJ";
  const first = FIRST_NAMES[(seed[1] ?? 0) % FIRST_NAMES.length];
  const last = LAST_NAMES[(seed[2] ?? 0) % LAST_NAMES.length];
  const document = documentKind(key) ? key : simulatedDigits(seed, 3, 11);
  return {
    ispb: institution.ispb,
    personType: company ? "company" : "person",
    cpfCnpj: maskDocument(document),
    name: company ? `${last} Comércio Ltda` : `${first} ${last}`,
    agency: simulatedDigits(seed, 5, 4),
    accountType: "CACC",
    accountNumber: simulatedDigits(seed, 9, 8),
  };
}

export function sandboxRejection(pixKey: string | null): { code: string; message: string } | null {
  const match = /^([a-z0-9]{4})@fail\.sandbox$/i.exec(pixKey ?? "");
  const code = match?.[1]?.toUpperCase();
  const message = code && SANDBOX_REJECTION_CODES.includes(code) ? REJECTION_REASONS[code] : undefined;
  return code && message ? { code, message } : null;
}

/** The simulated participant of `seed`, with what the caller stated kept as stated. */
export function completedParty(seed: string, known: PartialParty | null | undefined): Party {
  const document = known?.cpfCnpj;
  const kind = document ? documentKind(document) : null;
  const simulated = simulatedParticipant(seed, kind === "cnpj" ? "CNPJ" : "CPF");
  return {
    ...simulated,
    ...(kind ? { personType: kind === "cnpj" ? "company" : "person" } : {}),
    ...Object.fromEntries(Object.entries(known ?? {}).filter(([, value]) => value !== undefined && value !== null)),
  } as Party;
}

/** Sandbox rule (API reference): e-mail keys at this domain are held by another institution. */
export const OTHER_PARTICIPANT_DOMAIN = "other-psp.sandbox";

function foreignKey(key: string, keyType: PixKeyType): KeyResolution {
  return { key, keyType, receiver: simulatedParticipant(key, keyType), platformAccountId: null };
}

/** Decided by the relay when due (SANDBOX_SETTLEMENT_DELAY_MS). */
function delayedSubmission(payment: SubmittedPayment) {
  return submissionEvent(payment, config().SANDBOX_SETTLEMENT_DELAY_MS);
}

export const sandboxRail: PixRail = {
  name: "sandbox",

  async keyAvailability(key, keyType) {
    return keyType === "EMAIL" && key.toLowerCase().endsWith(`@${OTHER_PARTICIPANT_DOMAIN}`)
      ? "other_participant"
      : "available";
  },

  async registerKey({ key, keyType }) {
    const availability = await sandboxRail.keyAvailability(key, keyType);
    return availability === "available" ? { status: "registered" } : { status: "held_elsewhere", by: availability };
  },

  async unregisterKey() {},

  async resolveKey(tx: Tx, raw: string, statedType?: PixKeyType): Promise<KeyResolution> {
    const { key, type } = parsePixKey(raw, statedType);
    const registered = await tx.pixKey.findUnique({ where: { key }, include: { account: true } });
    if (registered) {
      return {
        key,
        keyType: type,
        receiver: platformParty(registered.account),
        platformAccountId: registered.accountId,
      };
    }
    return foreignKey(key, type);
  },

  async submitPayment(tx: Tx, payment: SubmittedPayment): Promise<void> {
    await recordEvent(tx, delayedSubmission(payment));
  },

  /** The simulated receiver decides at once (the event already waited the settlement delay). */
  async transmit(_db, payment) {
    const rejection = payment.kind === "payment" ? sandboxRejection(payment.pixKey) : null;
    return rejection
      ? { id: payment.id, outcome: "rejected", reasonCode: rejection.code, reasonText: rejection.message }
      : { id: payment.id, outcome: "settled" };
  },

  foreignKey,
  submissionEvent: delayedSubmission,
  submissionSeqField: "entrySeq",

  async foreignChargeReceiver({ url, merchantName }): Promise<Party> {
    return { ...simulatedParticipant(url, "EVP"), name: merchantName };
  },

  counterparty(seed, known) {
    return completedParty(seed, known);
  },
};
