/**
 * Charges as the Central Bank's API Pix `cob` (docs/decisions/0028-api-pix-cob.md): created with
 * the receiver's txid or ours, revised, removed by the receiver, read at any revision, listed. A
 * cob is a charge of the one model: the dashboard lists it, the account surface reads and pays it.
 * The account is the one the `chave` is registered on; the rules of createCharge hold (amount
 * limit, active account) and refusals name the cob's field (CobRuleError).
 */

import { assertActive } from "../accounts/rules";
import { config } from "../config";
import type { Db, Tx } from "../db/client";
import { isValidCnpj, isValidCpf } from "../documents/cpf-cnpj";
import { AppError, notFound } from "../errors";
import { type Account, type Charge, type PayloadLocation, Prisma } from "../generated/prisma/client";
import { parsePixKey } from "../pix/keys";
import { withdrawLockedCharge } from "./cancel";
import { CobRuleError } from "./cob-errors";
import type { CobStatus } from "./cob-status";
import { chargeStatusOf } from "./cob-status";
import { CHARGE_TXID_PATTERN, newTxId } from "./ids";
import { bindLocation, createLocation, releaseLocation } from "./locations";
import { chargeOfCaller, keepRevision } from "./revisions";
import { DEFAULT_EXPIRATION_SECONDS, MAX_EXPIRATION_SECONDS } from "./schema";
import { chargeEmv, insertCharge } from "./service";

/** Beyond any real list: a page this far answers empty (the query layer takes a 32-bit offset). */
const MAX_SKIP = 2_000_000_000;

export type CobDebtor = { document: string; name: string };
export type AdditionalInfo = { nome: string; valor: string }[];

/** A cob's fields as the door read them; on a revision, only those present change. */
export type CobFields = {
  expirationSeconds?: number | undefined;
  amountCents?: bigint | undefined;
  amountEditable?: boolean | undefined;
  pixKey?: string | undefined;
  debtor?: CobDebtor | undefined;
  payerRequest?: string | undefined;
  additionalInfo?: AdditionalInfo | undefined;
  locationId?: bigint | undefined;
};

function checkExpiration(seconds: number): void {
  if (!Number.isInteger(seconds) || seconds <= 0) {
    throw new CobRuleError("EXPIRATION_NOT_POSITIVE", "calendario.expiracao", "expiracao must be above zero");
  }
  if (seconds > MAX_EXPIRATION_SECONDS) {
    throw new CobRuleError(
      "EXPIRATION_TOO_LONG",
      "calendario.expiracao",
      `expiracao must be at most ${MAX_EXPIRATION_SECONDS}`,
    );
  }
}

function checkAmount(cents: bigint): void {
  if (cents <= 0n) throw new CobRuleError("AMOUNT_ZERO", "valor.original", "valor.original must be above zero");
  if (cents > config().MAX_TRANSACTION_AMOUNT_CENTS) {
    throw new CobRuleError("AMOUNT_ABOVE_LIMIT", "valor.original", "valor.original is above the per-transaction limit");
  }
}

/** A CPF or a numeric CNPJ must have right check digits; an alphanumeric CNPJ is taken as written. */
export function checkDebtor(debtor: CobDebtor): void {
  const { document } = debtor;
  const valid =
    document.length === 11
      ? isValidCpf(document)
      : document.length === 14 && (/\D/.test(document) || isValidCnpj(document));
  if (!valid) throw new CobRuleError("DEBTOR_DOCUMENT_INVALID", "devedor", "the debtor's CPF or CNPJ is not valid");
}

/** The account `chave` is registered on, which must be one of the caller's, and the key as registered. */
export async function keyAccount(tx: Tx, userId: string, chave: string): Promise<{ account: Account; key: string }> {
  let key: string;
  try {
    key = parsePixKey(chave).key;
  } catch (error) {
    if (error instanceof AppError) throw new CobRuleError("CHAVE_INVALID", "chave", "chave is not a PIX key");
    throw error;
  }
  const found = await tx.pixKey.findUnique({ where: { key }, include: { account: true } });
  if (!found || found.account.userId !== userId) {
    throw new CobRuleError("CHAVE_NOT_OWN", "chave", "chave is not registered on one of your accounts");
  }
  assertActive(found.account);
  return { account: found.account, key };
}

/** The revision-free fields of a cob as charge columns. */
function cobColumns(fields: CobFields) {
  return {
    ...(fields.amountCents !== undefined ? { amountCents: fields.amountCents } : {}),
    ...(fields.amountEditable !== undefined ? { amountEditable: fields.amountEditable } : {}),
    ...(fields.debtor !== undefined ? { debtorDocument: fields.debtor.document, debtorName: fields.debtor.name } : {}),
    ...(fields.payerRequest !== undefined ? { description: fields.payerRequest } : {}),
    ...(fields.additionalInfo !== undefined ? { additionalInfo: fields.additionalInfo as Prisma.InputJsonValue } : {}),
  };
}

/** PUT /cob/{txid} (txid given) and POST /cob (txid null: ours). */
export async function createCob(
  db: Db,
  userId: string,
  txId: string | null,
  fields: CobFields & { amountCents: bigint; pixKey: string },
  now = new Date(),
): Promise<LocatedCharge> {
  if (txId !== null && !CHARGE_TXID_PATTERN.test(txId)) {
    throw new CobRuleError("TXID_INVALID", "txid", "txid must be 26-35 letters or digits");
  }
  const seconds = fields.expirationSeconds ?? DEFAULT_EXPIRATION_SECONDS;
  checkExpiration(seconds);
  checkAmount(fields.amountCents);
  if (fields.debtor) checkDebtor(fields.debtor);
  return txidTaken(() =>
    db.$transaction(async (tx) => {
      const id = txId ?? newTxId();
      const taken = await tx.charge.findUnique({ where: { txId: id }, select: { userId: true } });
      if (taken) throw new CobRuleError("TXID_TAKEN", "txid", "txid was already used");
      const { account, key } = await keyAccount(tx, userId, fields.pixKey);
      const location =
        fields.locationId !== undefined
          ? await bindLocation(tx, userId, fields.locationId, id)
          : await createLocation(tx, userId, "cob", now, id);
      const charge = await insertCharge(tx, {
        ...cobColumns(fields),
        txId: id,
        locationId: location.token,
        accountId: account.id,
        userId,
        amountCents: fields.amountCents,
        description: fields.payerRequest ?? null,
        pixKey: key,
        emv: chargeEmv(account, location.token, fields.amountCents),
        expiresAt: new Date(now.getTime() + seconds * 1000),
        createdAt: now,
        updatedAt: now,
      });
      return { charge, location };
    }),
  );
}

/** A charge and the location it is served at (none once unlinked). */
export type LocatedCharge = { charge: Charge; location: PayloadLocation | null };

/** Two requests creating one txid at once: the one that loses meets a unique index. */
export async function txidTaken<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new CobRuleError("TXID_TAKEN", "txid", "txid was already used");
    }
    throw error;
  }
}

/** Whether applying `fields` changes anything of the charge but its location. */
function changesCob(charge: Charge, fields: CobFields, key: string | undefined): boolean {
  const expiresAt =
    fields.expirationSeconds !== undefined
      ? charge.createdAt.getTime() + fields.expirationSeconds * 1000
      : charge.expiresAt.getTime();
  return (
    expiresAt !== charge.expiresAt.getTime() ||
    (fields.amountCents !== undefined && fields.amountCents !== charge.amountCents) ||
    (fields.amountEditable !== undefined && fields.amountEditable !== charge.amountEditable) ||
    (key !== undefined && key !== charge.pixKey) ||
    (fields.debtor !== undefined &&
      (fields.debtor.document !== charge.debtorDocument || fields.debtor.name !== charge.debtorName)) ||
    (fields.payerRequest !== undefined && fields.payerRequest !== charge.description) ||
    (fields.additionalInfo !== undefined &&
      JSON.stringify(fields.additionalInfo) !== JSON.stringify(charge.additionalInfo ?? null))
  );
}

/** The caller's charge locked for a change; 404 when unknown or someone else's. */
async function lockOwnCob(tx: Tx, userId: string, txId: string): Promise<Charge> {
  if (!CHARGE_TXID_PATTERN.test(txId)) throw notFound("cob not found");
  await tx.$queryRaw`SELECT tx_id FROM charges WHERE tx_id = ${txId} FOR UPDATE`;
  const charge = await tx.charge.findUnique({ where: { txId } });
  if (!charge || charge.userId !== userId || !charge.pixKey || charge.kind !== "cob") throw notFound("cob not found");
  return charge;
}

/** PATCH /cob/{txid}: a revision of an active cob, or its removal by the receiver (`remove`). */
export async function reviseCob(
  db: Db,
  userId: string,
  txId: string,
  fields: CobFields & { remove?: boolean },
  now = new Date(),
): Promise<LocatedCharge> {
  const { remove, ...changes } = fields;
  if (changes.expirationSeconds !== undefined) checkExpiration(changes.expirationSeconds);
  if (changes.amountCents !== undefined) checkAmount(changes.amountCents);
  if (changes.debtor) checkDebtor(changes.debtor);
  return db.$transaction(async (tx) => {
    const charge = await lockOwnCob(tx, userId, txId);
    if (charge.status !== "created") throw new CobRuleError("NOT_ACTIVE", "status", "the cob is not ATIVA");
    if (remove) {
      if (Object.values(changes).some((value) => value !== undefined)) {
        throw new CobRuleError("REMOVE_WITH_CHANGES", "status", "removing a cob takes no other change");
      }
      const removed = await withdrawLockedCharge(tx, txId, now);
      return { charge: removed, location: await locationOf(tx, removed) };
    }
    const keyed = changes.pixKey !== undefined ? await keyAccount(tx, userId, changes.pixKey) : undefined;
    if (keyed && keyed.account.id !== charge.accountId && charge.externalId) {
      // externalIds are unique per account: the charge cannot move where its own is taken
      const clash = await tx.charge.findUnique({
        where: { accountId_externalId: { accountId: keyed.account.id, externalId: charge.externalId } },
        select: { txId: true },
      });
      if (clash)
        throw new CobRuleError("CHAVE_EXTERNAL_ID_TAKEN", "chave", "the key's account already has this externalId");
    }
    const account = keyed?.account ?? (await tx.account.findUniqueOrThrow({ where: { id: charge.accountId } }));
    let location = await locationOf(tx, charge);
    if (changes.locationId !== undefined && location?.id !== changes.locationId) {
      // the old location is freed first: a location serves one charge, a charge has one location
      if (location) await releaseLocation(tx, location.token, now);
      location = await bindLocation(tx, userId, changes.locationId, txId);
    }
    const token = location?.token ?? null;
    const revised = changesCob(charge, changes, keyed?.key);
    if (!revised && token === charge.locationId) return { charge, location };
    if (revised) await keepRevision(tx, txId);
    const amountCents = changes.amountCents ?? charge.amountCents;
    const updated = await tx.charge.update({
      where: { txId },
      data: {
        ...cobColumns(changes),
        ...(keyed ? { pixKey: keyed.key, accountId: keyed.account.id } : {}),
        ...(changes.expirationSeconds !== undefined
          ? { expiresAt: new Date(charge.createdAt.getTime() + changes.expirationSeconds * 1000) }
          : {}),
        locationId: token,
        emv: token ? chargeEmv(account, token, amountCents) : charge.emv,
        updatedAt: now,
        ...(revised ? { revision: { increment: 1 } } : {}),
      },
    });
    return { charge: updated, location };
  });
}

async function locationOf(tx: Tx, charge: Pick<Charge, "locationId">): Promise<PayloadLocation | null> {
  return charge.locationId ? tx.payloadLocation.findUnique({ where: { token: charge.locationId } }) : null;
}

/** GET /cob/{txid}: the caller's cob, at `revision` when asked; 404 when unknown or someone else's. */
export async function getCob(tx: Tx, userId: string, txId: string, revision?: number) {
  const missing = () => new CobRuleError("REVISION_NOT_FOUND", "revisao", "the cob has no such revision");
  const charge = await chargeOfCaller(tx, { userId, txId, kind: "cob", revision }, missing);
  if (!charge) throw notFound("cob not found");
  return charge;
}

/** A charge list's filters (cob and cobv alike): created in [inicio, fim], and the page. */
export type CobFilters = {
  inicio: Date;
  fim: Date;
  debtorDocument?: string | undefined;
  locationPresent?: boolean | undefined;
  status?: CobStatus | undefined;
  page: number;
  size: number;
};

/** A page (0-based) of the caller's cobs created in [inicio, fim], oldest first. */
export async function listCobs(tx: Tx, userId: string, filters: CobFilters) {
  const status = filters.status ? chargeStatusOf(filters.status) : null;
  const where: Prisma.ChargeWhereInput = {
    userId,
    pixKey: { not: null },
    kind: "cob",
    createdAt: { gte: filters.inicio, lte: filters.fim },
    ...(filters.debtorDocument ? { debtorDocument: filters.debtorDocument } : {}),
    ...(status ? { status } : {}),
    ...(filters.locationPresent === undefined ? {} : { locationId: filters.locationPresent ? { not: null } : null }),
  };
  const [charges, total] = await Promise.all([
    tx.charge.findMany({
      where,
      orderBy: [{ createdAt: "asc" }, { txId: "asc" }],
      skip: Math.min(filters.page * filters.size, MAX_SKIP),
      take: filters.size,
    }),
    tx.charge.count({ where }),
  ]);
  return { charges, total };
}
