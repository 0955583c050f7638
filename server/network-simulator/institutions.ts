import { createHash } from "node:crypto";
import type { DirectoryEntry } from "./directory-entry";
import type { AccountType } from "./message-documents";
import { completeCnpj, completeCpf, type KeyType } from "./pix-keys";

/** The other institutions of the simulated network. Any ISPB that is not a connected participant is one too. */
export const SIMULATED_INSTITUTIONS: Record<string, string> = {
  "99999999": "Banco Simulado da Rede",
  "10000001": "Banco Aurora Simulado",
  "10000002": "Cooperativa Horizonte Simulada",
  "10000003": "Pagamentos Ipê Simulados",
  "10000004": "Banco Serra Azul Simulado",
};

/** Where the customers of unregistered keys keep their accounts (not 99999999, the network's default payer). */
const CUSTODIANS = ["10000001", "10000002", "10000003", "10000004"];

/** Keys under this domain are known to nobody (getEntry answers 404). */
export const NOT_FOUND_DOMAIN = "notfound.invalid";
/** E-mail keys under this domain are held by a simulated institution for the participant's own customer. */
export const OTHER_PSP_DOMAIN = "other-psp.sandbox";
/** E-mail keys under this domain resolve to customers with reported and confirmed frauds in their statistics. */
export const FRAUD_DOMAIN = "fraud.sandbox";
/** `xxxx@fail.sandbox`: the creditor's institution rejects with reason XXXX. */
const FAILING_KEY = /^([a-z0-9]{4})@fail\.sandbox$/;

const FIRST_NAMES = ["Ana", "Bruno", "Carla", "Diego", "Elisa", "Fábio", "Gabriela", "Heitor", "Isabel", "João"];
const LAST_NAMES = [
  "Almeida",
  "Barbosa",
  "Cardoso",
  "Duarte",
  "Esteves",
  "Ferreira",
  "Gomes",
  "Lima",
  "Moura",
  "Souza",
];
const COMPANY_WORDS = ["Padaria", "Oficina", "Mercado", "Livraria", "Farmácia", "Ateliê", "Papelaria", "Doceria"];
const ACCOUNT_TYPES: AccountType[] = ["CACC", "CACC", "SVGS", "TRAN"];

function digitsOf(hash: Buffer, offset: number, count: number): string {
  let digits = "";
  for (let index = 0; index < count; index++) digits += String((hash[(offset + index) % hash.length] as number) % 10);
  return digits;
}

function pick<T>(items: T[], byte: number | undefined): T {
  return items[(byte ?? 0) % items.length] as T;
}

/**
 * The customer of a simulated institution a key nobody registered belongs to: the same key always gives the same
 * institution, person, branch and account. CPF and CNPJ keys belong to their own document.
 */
export function simulatedCustomerEntry(key: string, keyType: KeyType): DirectoryEntry {
  const hash = createHash("sha256").update(key).digest();
  const legalPerson = keyType === "CNPJ" || (keyType !== "CPF" && (hash[0] as number) % 4 === 0);
  const taxIdNumber =
    keyType === "CPF" || keyType === "CNPJ"
      ? key
      : legalPerson
        ? completeCnpj(`${digitsOf(hash, 1, 8)}0001`)
        : completeCpf(digitsOf(hash, 1, 9));
  const personName = `${pick(FIRST_NAMES, hash[10])} ${pick(LAST_NAMES, hash[11])} ${pick(LAST_NAMES, hash[12])}`;
  const name = legalPerson ? `${pick(COMPANY_WORDS, hash[10])} ${pick(LAST_NAMES, hash[11])} Ltda` : personName;
  const createdDaysAgo = 30 + (hash.readUInt16BE(13) % 900);
  const creationDate = new Date(Date.UTC(2025, 0, 1) - createdDaysAgo * 86_400_000).toISOString();
  return {
    key,
    keyType,
    account: {
      participant: pick(CUSTODIANS, hash[15]),
      branch: digitsOf(hash, 16, 4),
      accountNumber: digitsOf(hash, 20, 6 + ((hash[26] as number) % 5)),
      accountType: pick(ACCOUNT_TYPES, hash[27]),
      openingDate: new Date(Date.parse(creationDate) - 400 * 86_400_000).toISOString(),
    },
    owner: { type: legalPerson ? "LEGAL_PERSON" : "NATURAL_PERSON", taxIdNumber, name },
    creationDate,
    keyOwnershipDate: creationDate,
    origin: "simulated",
  };
}

export type CreditDecision = { status: "ACSP" } | { status: "RJCT"; reason: string };

/**
 * How a simulated creditor institution answers a pacs.008: a `xxxx@fail.sandbox` key is refused with XXXX; a key
 * the DICT does not hold, or holds for another institution, with AC03; anything else is accepted.
 */
export function decideCredit(input: {
  creditorIspb: string;
  creditorKey: string | undefined;
  resolveKey: (key: string) => DirectoryEntry | undefined;
}): CreditDecision {
  if (input.creditorKey) {
    const failure = FAILING_KEY.exec(input.creditorKey);
    if (failure) return { status: "RJCT", reason: (failure[1] as string).toUpperCase() };
    const entry = input.resolveKey(input.creditorKey);
    if (!entry || entry.account.participant !== input.creditorIspb) return { status: "RJCT", reason: "AC03" };
  }
  return { status: "ACSP" };
}

/** A deterministic payer of a simulated institution, for payments started through the control API. */
export function simulatedPayer(seed: string, ispb: string) {
  const hash = createHash("sha256").update(`payer:${seed}`).digest();
  return {
    ispb,
    name: `${pick(FIRST_NAMES, hash[0])} ${pick(LAST_NAMES, hash[1])}`,
    document: completeCpf(digitsOf(hash, 2, 9)),
    accountNumber: digitsOf(hash, 11, 8),
    branch: digitsOf(hash, 19, 4),
    accountType: "CACC" as AccountType,
  };
}
