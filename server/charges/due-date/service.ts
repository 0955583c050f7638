/**
 * Due-date charges (API Pix `cobv`, docs/decisions/0033-due-date-charges.md): charges of the one
 * model with `kind = 'cobv'`, created (or, by PUT, replaced while ATIVA), revised, removed by the
 * receiver, read at any revision and listed. Every door (API Pix, lotes, the account surface, the
 * dashboard) calls these; refusals are `DueDateChargeRefused` with the list of violations, an
 * unknown or someone else's charge a 404 AppError.
 */

import type { z } from "zod";
import { assertActive } from "../../accounts/rules";
import { ownedAccount } from "../../accounts/service";
import { config } from "../../config";
import type { Db, Tx } from "../../db/client";
import { inTransaction } from "../../db/transaction";
import { notFound } from "../../errors";
import { type Account, type Charge, Prisma } from "../../generated/prisma/client";
import { withdrawLockedCharge } from "../cancel";
import { checkDebtor, keyAccount, txidTaken } from "../cob";
import { CHARGE_TXID_PATTERN } from "../ids";
import { bindLocation, createLocation, newLocationRow } from "../locations";
import { keepRevision } from "../revisions";
import { chargeEmv, insertCharge, insertCharges } from "../service";
import { assertNotHeldByBatch } from "./batch-guard";
import { todayInSaoPaulo } from "./calendar";
import { type DebtorDetails, dateColumn, expiryOf, type StoredValor } from "./record";
import { asDueDate, DueDateChargeRefused, refused } from "./refusal";
import type { DueDateTerms } from "./terms";
import { type CobVValorTerms, readTerms } from "./validate";

export { type DueDateChargeFilters, getDueDateCharge, listDueDateCharges } from "./read";
export { DueDateChargeRefused } from "./refusal";

export type DueDateDebtorInput = { name: string; cpf?: string; cnpj?: string } & DebtorDetails;

export type DueDateChargeInput = {
  userId: string;
  txId: string;
  /** the receiving key (API Pix `chave`), one of the caller's; or */
  chave?: string;
  /** the account (account surface): the charge then uses the account's oldest PIX key */
  accountId?: string;
  /** YYYY-MM-DD */
  dueDate: string;
  validityDays?: number;
  debtor: DueDateDebtorInput;
  valor: z.input<typeof CobVValorTerms>;
  description?: string;
  infoAdicionais?: { nome: string; valor: string }[];
  /** an existing location of type cobv (API Pix `loc.id`) */
  locationId?: bigint;
};

/** A revision: only what is present changes; `valor` parts replace the stored ones key by key. */
export type DueDateChargePatch = {
  chave?: string;
  dueDate?: string;
  validityDays?: number;
  debtor?: DueDateDebtorInput;
  valor?: Partial<z.input<typeof CobVValorTerms>>;
  description?: string;
  infoAdicionais?: { nome: string; valor: string }[];
  locationId?: bigint;
  /** status REMOVIDA_PELO_USUARIO_RECEBEDOR: takes no other change */
  remove?: boolean;
};

type Checked = { terms: DueDateTerms; valor: StoredValor };

/** The longest a debtor's name, e-mail and address parts may be (the API Pix's `devedor` limits). */
export const DEBTOR_LIMITS = { name: 200, email: 200, street: 200, city: 200, state: 2, postalCode: 8 } as const;

/** The terms and the debtor, checked; every broken rule at once. */
function checkTerms(
  input: { dueDate: string; validityDays?: number | undefined; valor: unknown; debtor: DueDateDebtorInput },
  createdOn: string,
): Checked {
  const calendario = {
    dataDeVencimento: input.dueDate,
    ...(input.validityDays !== undefined ? { validadeAposVencimento: input.validityDays } : {}),
  };
  const read = readTerms({ calendario, valor: input.valor }, { createdOn, prefix: "" });
  const violations = read.ok ? [] : [...read.violations];
  violations.push(...debtorViolations(input.debtor));
  if (read.ok && read.terms.originalCents > config().MAX_TRANSACTION_AMOUNT_CENTS) {
    violations.push({ propriedade: "valor.original", razao: "O valor original excede o limite por transação." });
  }
  if (!read.ok || violations.length) throw new DueDateChargeRefused(violations);
  return { terms: read.terms, valor: (input.valor ?? {}) as StoredValor };
}

const DEBTOR_DETAIL_LABELS = [
  ["email", "email"],
  ["street", "logradouro"],
  ["city", "cidade"],
  ["state", "uf"],
  ["postalCode", "cep"],
] as const;

function debtorViolations(debtor: DueDateDebtorInput) {
  const bad = (razao: string) => [{ propriedade: "devedor", razao }];
  if (!debtor?.name?.trim()) return bad("O devedor precisa de nome.");
  if (debtor.name.length > DEBTOR_LIMITS.name) return bad("O nome do devedor passa de 200 caracteres.");
  for (const [key, label] of DEBTOR_DETAIL_LABELS) {
    const value = debtor[key];
    if (value !== undefined && value.length > DEBTOR_LIMITS[key]) {
      return [
        {
          propriedade: `devedor.${label}`,
          razao: `O campo ${label} do devedor passa de ${DEBTOR_LIMITS[key]} caracteres.`,
        },
      ];
    }
  }
  const documents = [debtor.cpf, debtor.cnpj].filter((d) => d !== undefined);
  if (documents.length !== 1) return bad("O devedor precisa de um CPF ou de um CNPJ (apenas um).");
  try {
    checkDebtor({ document: documents[0] as string, name: debtor.name });
  } catch {
    return bad("O CPF ou CNPJ do devedor não é válido.");
  }
  if (debtor.cpf !== undefined && !/^\d{11}$/.test(debtor.cpf)) return bad("O CPF do devedor deve ter 11 dígitos.");
  if (debtor.cnpj !== undefined && !/^[0-9A-Z]{14}$/.test(debtor.cnpj)) return bad("O CNPJ do devedor não é válido.");
  return [];
}

/** The charge columns of a cobv's content (all but ids, status and location). */
function contentColumns(input: DueDateChargeInput | Required<Pick<DueDateChargeInput, "debtor">>, checked: Checked) {
  const { debtor } = input;
  const details: DebtorDetails = {};
  for (const key of ["email", "street", "city", "state", "postalCode"] as const) {
    if (debtor[key] !== undefined) details[key] = debtor[key];
  }
  return {
    kind: "cobv",
    amountCents: checked.terms.originalCents,
    dueDate: dateColumn(checked.terms.dueDate),
    validityDays: checked.terms.validityDays,
    dueTerms: checked.valor as Prisma.InputJsonValue,
    debtorDocument: (debtor.cpf ?? debtor.cnpj) as string,
    debtorName: debtor.name,
    debtorDetails: Object.keys(details).length ? (details as Prisma.InputJsonValue) : Prisma.DbNull,
    expiresAt: expiryOf(checked.terms),
  };
}

/** The account and key a cobv is received on: the `chave`'s, or the account's oldest key. */
async function receivingAccount(
  tx: Tx,
  userId: string,
  input: { chave?: string | undefined; accountId?: string | undefined },
) {
  if (input.chave !== undefined) return asDueDate(() => keyAccount(tx, userId, input.chave as string));
  if (!input.accountId) throw refused("chave", "A cobrança precisa de uma chave Pix.");
  const account: Account = await ownedAccount(tx, input.accountId, userId);
  assertActive(account);
  const key = await tx.pixKey.findFirst({ where: { accountId: account.id }, orderBy: { createdAt: "asc" } });
  if (!key) throw refused("chave", "A conta não tem chave Pix para receber a cobrança.");
  return { account, key: key.key };
}

/** The new charge row of a checked cobv received on `account`/`key`, served at `token`. */
function newChargeRow(
  input: DueDateChargeInput,
  checked: Checked,
  receiver: { account: Account; key: string },
  token: string,
  now: Date,
): Prisma.ChargeCreateManyInput {
  return {
    ...contentColumns(input, checked),
    txId: input.txId,
    userId: input.userId,
    accountId: receiver.account.id,
    pixKey: receiver.key,
    locationId: token,
    description: input.description ?? null,
    ...(input.infoAdicionais ? { additionalInfo: input.infoAdicionais } : {}),
    emv: chargeEmv(receiver.account, token, checked.terms.originalCents, "cobv"),
    createdAt: now,
    updatedAt: now,
  };
}

type CreateOptions = {
  now?: Date;
  replace?: boolean;
  /** the batch worker creating its own item (the batch-held txid rule does not apply) */
  fromBatch?: boolean;
};

/**
 * Creates the cobv `input.txId`. With `replace` (API Pix PUT), an existing ATIVA cobv of the
 * caller's with that txid is replaced as a new revision instead; one not ATIVA is refused.
 * `db` may be the caller's transaction (the batch worker marks its item in the same one).
 */
export async function createDueDateCharge(
  db: Db | Tx,
  input: DueDateChargeInput,
  options: CreateOptions = {},
): Promise<Charge> {
  const now = options.now ?? new Date();
  const { userId, txId } = input;
  if (!CHARGE_TXID_PATTERN.test(txId)) throw refused("txid", "O txid deve ter de 26 a 35 letras ou dígitos.");
  const checked = checkTerms(input, todayInSaoPaulo(now));
  return txidTaken(() =>
    inTransaction(db, async (tx) => {
      await tx.$queryRaw`SELECT tx_id FROM charges WHERE tx_id = ${txId} FOR UPDATE`;
      if (!options.fromBatch) await assertNotHeldByBatch(tx, txId);
      const existing = await tx.charge.findUnique({ where: { txId } });
      if (existing) {
        const own = existing.userId === userId && existing.kind === "cobv";
        if (!options.replace || !own) throw refused("txid", "Já existe uma cobrança com este txid.");
        if (existing.status !== "created") {
          throw refused("status", "A cobrança já existe e não está ATIVA; não pode mais ser alterada.");
        }
        return reviseContent(tx, existing, { ...input }, checked, now);
      }
      const receiver = await receivingAccount(tx, userId, input);
      const location = await asDueDate(() =>
        input.locationId !== undefined
          ? bindLocation(tx, userId, input.locationId, txId, "cobv")
          : createLocation(tx, userId, "cobv", now, txId),
      );
      return insertCharge(tx, newChargeRow(input, checked, receiver, location.token, now));
    }),
  );
}

export type DueDateOutcome = { txId: string; charge: Charge } | { txId: string; refused: DueDateChargeRefused };

/**
 * Creates many new cobv in the caller's transaction (a chunk of a batch): each checked as
 * `createDueDateCharge` checks it, then their locations, rows and events written set-based. One
 * refused (its txid taken, its key, account or location not good) comes back refused; the others
 * are created. A txid created concurrently makes the writes fail: the caller retries one by one.
 */
export async function createDueDateCharges(
  tx: Tx,
  inputs: DueDateChargeInput[],
  options: { now?: Date } = {},
): Promise<DueDateOutcome[]> {
  const now = options.now ?? new Date();
  const createdOn = todayInSaoPaulo(now);
  const taken = await tx.charge.findMany({
    where: { txId: { in: inputs.map((i) => i.txId) } },
    select: { txId: true },
  });
  const takenIds = new Set(taken.map((c) => c.txId));
  const receivers = new Map<string, Promise<{ account: Account; key: string }>>();
  const receiverOf = (input: DueDateChargeInput) => {
    const cacheKey = `${input.userId}:${input.chave ?? ""}:${input.accountId ?? ""}`;
    if (!receivers.has(cacheKey)) receivers.set(cacheKey, receivingAccount(tx, input.userId, input));
    return receivers.get(cacheKey) as Promise<{ account: Account; key: string }>;
  };
  const outcomes: (DueDateOutcome | null)[] = [];
  const locations: ReturnType<typeof newLocationRow>[] = [];
  const rows: Prisma.ChargeCreateManyInput[] = [];
  for (const input of inputs) {
    try {
      if (!CHARGE_TXID_PATTERN.test(input.txId)) throw refused("txid", "O txid deve ter de 26 a 35 letras ou dígitos.");
      const checked = checkTerms(input, createdOn);
      if (takenIds.has(input.txId)) throw refused("txid", "Já existe uma cobrança com este txid.");
      const receiver = await receiverOf(input);
      let token: string;
      if (input.locationId !== undefined) {
        const locationId = input.locationId;
        token = (await asDueDate(() => bindLocation(tx, input.userId, locationId, input.txId, "cobv"))).token;
      } else {
        const location = newLocationRow(input.userId, "cobv", now, input.txId);
        locations.push(location);
        token = location.token;
      }
      rows.push(newChargeRow(input, checked, receiver, token, now));
      takenIds.add(input.txId);
      outcomes.push(null);
    } catch (error) {
      if (!(error instanceof DueDateChargeRefused)) throw error;
      outcomes.push({ txId: input.txId, refused: error });
    }
  }
  if (locations.length) await tx.payloadLocation.createMany({ data: locations });
  const created = new Map((await insertCharges(tx, rows)).map((charge) => [charge.txId, charge]));
  return outcomes.map(
    (outcome, i) =>
      outcome ?? { txId: inputs[i]?.txId as string, charge: created.get(inputs[i]?.txId as string) as Charge },
  );
}

/** Writes a new revision of a locked, ATIVA cobv with the content `next` (checked). */
async function reviseContent(
  tx: Tx,
  charge: Charge,
  next: Partial<DueDateChargeInput> & { debtor: DueDateDebtorInput },
  checked: Checked,
  now: Date,
): Promise<Charge> {
  const keyed = next.chave !== undefined ? await receivingAccount(tx, charge.userId, { chave: next.chave }) : null;
  const account = keyed?.account ?? (await tx.account.findUniqueOrThrow({ where: { id: charge.accountId } }));
  let token = charge.locationId;
  if (next.locationId !== undefined) {
    const current = token ? await tx.payloadLocation.findUnique({ where: { token } }) : null;
    if (current?.id !== next.locationId) {
      if (current) {
        await tx.payloadLocation.update({ where: { id: current.id }, data: { txId: null, releasedAt: now } });
      }
      token = (await asDueDate(() => bindLocation(tx, charge.userId, next.locationId as bigint, charge.txId, "cobv")))
        .token;
    }
  }
  await keepRevision(tx, charge.txId);
  return tx.charge.update({
    where: { txId: charge.txId },
    data: {
      ...contentColumns(next, checked),
      ...(keyed ? { pixKey: keyed.key, accountId: keyed.account.id } : {}),
      ...(next.description !== undefined ? { description: next.description } : {}),
      ...(next.infoAdicionais !== undefined ? { additionalInfo: next.infoAdicionais } : {}),
      locationId: token,
      emv: token ? chargeEmv(account, token, checked.terms.originalCents, "cobv") : charge.emv,
      updatedAt: now,
      revision: { increment: 1 },
    },
  });
}

/** The caller's cobv locked for a change; 404 when unknown or someone else's. */
async function lockOwn(tx: Tx, userId: string, txId: string): Promise<Charge> {
  if (!CHARGE_TXID_PATTERN.test(txId)) throw notFound("cobv not found");
  await tx.$queryRaw`SELECT tx_id FROM charges WHERE tx_id = ${txId} FOR UPDATE`;
  const charge = await tx.charge.findUnique({ where: { txId } });
  if (!charge || charge.userId !== userId || charge.kind !== "cobv") throw notFound("cobv not found");
  return charge;
}

/** PATCH: a revision of an ATIVA cobv, or its removal by the receiver (`remove`, alone). */
export async function updateDueDateCharge(
  db: Db | Tx,
  userId: string,
  txId: string,
  patch: DueDateChargePatch,
  options: Pick<CreateOptions, "now" | "fromBatch"> = {},
): Promise<Charge> {
  const now = options.now ?? new Date();
  const { remove, ...changes } = patch;
  return inTransaction(db, async (tx) => {
    const charge = await lockOwn(tx, userId, txId);
    if (!options.fromBatch) await assertNotHeldByBatch(tx, txId);
    if (charge.status !== "created") {
      throw refused("status", "A cobrança não está ATIVA e não pode mais ser alterada.");
    }
    if (remove) {
      if (Object.values(changes).some((value) => value !== undefined)) {
        throw refused("status", "A remoção da cobrança não admite outras alterações na mesma requisição.");
      }
      return withdrawLockedCharge(tx, txId, now);
    }
    const stored = storedInput(charge);
    const next = {
      ...changes,
      dueDate: changes.dueDate ?? stored.dueDate,
      validityDays: changes.validityDays ?? stored.validityDays,
      debtor: changes.debtor ?? stored.debtor,
      valor: { ...stored.valor, ...dropUndefined(changes.valor ?? {}) },
    };
    const checked = checkTerms(next, todayInSaoPaulo(charge.createdAt));
    return reviseContent(tx, charge, next, checked, now);
  });
}

const dropUndefined = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

/** A stored cobv's content as an input, to merge a revision into. */
function storedInput(charge: Charge) {
  const document = charge.debtorDocument as string;
  const debtor: DueDateDebtorInput = {
    name: charge.debtorName ?? "",
    ...(document.length === 11 ? { cpf: document } : { cnpj: document }),
    ...((charge.debtorDetails ?? {}) as DebtorDetails),
  };
  return {
    dueDate: (charge.dueDate as Date).toISOString().slice(0, 10),
    validityDays: charge.validityDays as number,
    debtor,
    valor: charge.dueTerms as StoredValor,
  };
}
