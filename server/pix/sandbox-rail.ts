/**
 * The simulated PIX network (docs/contract.md, "Sandbox"): keys of this platform resolve to their
 * accounts; any other well-formed key resolves to a deterministic participant at another
 * institution; `<code>@fail.sandbox` keys are rejected by SPI with that reason code.
 * Payments to other institutions settle after SANDBOX_SETTLEMENT_DELAY_MS, through the outbox.
 */
import { createHash } from "node:crypto";
import { config } from "../config";
import type { Tx } from "../db/client";
import { documentKind, maskDocument } from "../documents/cpf-cnpj";
import type { PixKeyType } from "../generated/prisma/client";
import { type Party, platformParty } from "../ledger/parties";
import { type OutboxEventInput, recordEvent } from "../outbox/record";
import { parsePixKey } from "./keys";
import type { KeyResolution, PartialParty, PixRail, SettlementOutcome, SubmittedPayment } from "./rail";

export const SANDBOX_REJECTIONS: Record<string, string> = {
  AB03: "settlement timed out at the receiving institution",
  AC03: "invalid receiver account number",
  AC06: "receiver account is blocked",
  AM02: "amount above the receiver's limit",
  BE01: "receiver CPF/CNPJ inconsistent with the account",
};

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
  const message = code ? SANDBOX_REJECTIONS[code] : undefined;
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

/** Settled by the relay when due (SANDBOX_SETTLEMENT_DELAY_MS). */
function submissionEvent(payment: SubmittedPayment): OutboxEventInput {
  return {
    topic: "rail.payment_submitted",
    accountId: payment.accountId,
    entryId: payment.endToEndId,
    payload: { entrySeq: payment.entrySeq.toString(), endToEndId: payment.endToEndId, pixKey: payment.pixKey },
    availableAt: new Date(Date.now() + config().SANDBOX_SETTLEMENT_DELAY_MS),
  };
}

export const sandboxRail: PixRail = {
  heldByOtherParticipant(key, keyType) {
    return keyType === "EMAIL" && key.toLowerCase().endsWith(`@${OTHER_PARTICIPANT_DOMAIN}`);
  },

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
    await recordEvent(tx, submissionEvent(payment));
  },

  foreignKey,
  submissionEvent,
  submissionSeqField: "entrySeq",

  outcomeOf({ pixKey }): SettlementOutcome {
    const rejection = sandboxRejection(pixKey);
    return rejection
      ? { status: "failed", reasonCode: rejection.code, message: rejection.message }
      : { status: "succeeded" };
  },

  async foreignChargeReceiver({ url, merchantName }): Promise<Party> {
    return { ...simulatedParticipant(url, "EVP"), name: merchantName };
  },

  counterparty(seed, known) {
    return completedParty(seed, known);
  },
};
