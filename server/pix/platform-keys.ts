import { randomUUID } from "node:crypto";
import type { Tx } from "../db/client";
import { AppError } from "../errors";
import type { PixKey, PixKeyType } from "../generated/prisma/client";
import { parsePixKey } from "./keys";

/**
 * Registers a key of this platform for an account, unchecked; an EVP is generated. The first key is
 * current. Seeds and tests only: the doors register keys through server/pix/keys (limits, owner,
 * proof of possession of e-mail and phone keys).
 */
export async function registerPixKey(tx: Tx, accountId: string, type: PixKeyType, key?: string): Promise<PixKey> {
  const value = type === "EVP" ? randomUUID() : parsePixKey(key ?? "", type).key;
  if (await tx.pixKey.findUnique({ where: { key: value } })) {
    throw new AppError("CONFLICT", "this PIX key is already registered", "key");
  }
  const existing = await tx.pixKey.count({ where: { accountId } });
  return tx.pixKey.create({ data: { id: randomUUID(), accountId, type, key: value, isCurrent: existing === 0 } });
}
