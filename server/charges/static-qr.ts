/**
 * Static QR codes for a shop counter (docs/decisions/0018-dashboard-ux.md): a reusable BR Code of
 * one of the account's PIX keys (its current one unless the merchant chose another), with a fixed
 * amount or an open one. Paying it is paying the key
 * (transfers/pay-brcode.ts); this keeps what the merchant printed, to list and print again.
 */
import { randomUUID } from "node:crypto";
import { assertActive } from "../accounts/rules";
import { ownedAccount } from "../accounts/service";
import { config } from "../config";
import type { Db, Tx } from "../db/client";
import { invalid, notFound } from "../errors";
import { UUID_PATTERN } from "../fields/ids";
import type { StaticQrCode } from "../generated/prisma/client";
import { BrCodeError, encodeStaticBrCode } from "../pix/brcode";

export const MAX_STATIC_QR_PER_USER = 200;

export type NewStaticQr = {
  userId: string;
  accountId: string;
  /** One of the account's keys; its current key when left out. */
  pixKeyId?: string | null;
  label: string;
  amountCents: bigint | null;
  description?: string | null;
};

export async function createStaticQr(db: Db, input: NewStaticQr): Promise<StaticQrCode & { merchantName: string }> {
  return db.$transaction(async (tx) => {
    const account = await ownedAccount(tx, input.accountId, input.userId);
    assertActive(account);
    const count = await tx.staticQrCode.count({ where: { userId: input.userId, deletedAt: null } });
    if (count >= MAX_STATIC_QR_PER_USER) {
      throw invalid(`at most ${MAX_STATIC_QR_PER_USER} static QR codes per merchant`, "label", "STATIC_QR_LIMIT");
    }
    const key = input.pixKeyId
      ? await tx.pixKey.findFirst({ where: { id: input.pixKeyId, accountId: account.id } })
      : await tx.pixKey.findFirst({ where: { accountId: account.id, isCurrent: true } });
    if (!key && input.pixKeyId) {
      throw invalid("pixKeyId is not one of this account's PIX keys", "pixKeyId", "PIX_KEY_NOT_OF_ACCOUNT");
    }
    if (!key) throw invalid("the account has no PIX key", "accountId", "NO_PIX_KEY");
    let emv: string;
    try {
      emv = encodeStaticBrCode({
        pixKey: key.key,
        ...(input.amountCents !== null ? { amountCents: input.amountCents } : {}),
        ...(input.description ? { description: input.description } : {}),
        merchantName: account.name,
        merchantCity: config().PLATFORM_CITY,
      });
    } catch (error) {
      if (error instanceof BrCodeError && error.code === "INVALID_DESCRIPTION") {
        throw invalid(`description: ${error.message}`, "description", "INVALID_DESCRIPTION");
      }
      throw error;
    }
    const created = await tx.staticQrCode.create({
      data: {
        id: randomUUID(),
        accountId: account.id,
        userId: input.userId,
        label: input.label,
        pixKey: key.key,
        amountCents: input.amountCents,
        description: input.description || null,
        emv,
      },
    });
    return { ...created, merchantName: account.name };
  });
}

export async function listStaticQrs(tx: Tx, userId: string): Promise<StaticQrCode[]> {
  return tx.staticQrCode.findMany({
    where: { userId, deletedAt: null },
    orderBy: { createdAt: "desc" },
    take: MAX_STATIC_QR_PER_USER,
  });
}

/** One of the caller's codes with the account holder's name (printed on the counter sign). */
export async function getStaticQr(tx: Tx, userId: string, id: string) {
  if (!UUID_PATTERN.test(id)) throw notFound("static QR code not found");
  const found = await tx.staticQrCode.findUnique({ where: { id }, include: { account: { select: { name: true } } } });
  if (!found || found.userId !== userId || found.deletedAt) throw notFound("static QR code not found");
  const { account, ...code } = found;
  return { ...code, merchantName: account.name };
}

export async function removeStaticQr(db: Db, userId: string, id: string, now = new Date()): Promise<void> {
  await db.$transaction(async (tx) => {
    await getStaticQr(tx, userId, id);
    await tx.staticQrCode.update({ where: { id }, data: { deletedAt: now } });
  });
}
