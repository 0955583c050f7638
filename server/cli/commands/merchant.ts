import { parseArgs } from "node:util";
import { createMerchant } from "../../accounts/merchants";
import { config } from "../../config";
import type { Db } from "../../db/client";
import { brlToCents } from "../../money";
import { createPixKey } from "../../pix/keys/service";
import { creditIncomingPix } from "../../transfers/incoming";
import { type CliIo, emit, required, UsageError } from "../io";

export const MERCHANT_USAGE =
  "merchant create --name NAME --document CPF_OR_CNPJ --email EMAIL [--password P] [--ip ADDR]... [--balance AMOUNT] [--json]";

export async function merchantCommand(db: Db, io: CliIo, args: string[]): Promise<void> {
  const [action, ...rest] = args;
  if (action !== "create") throw new UsageError(`usage: ${MERCHANT_USAGE}`);
  const { values } = parseArgs({
    args: rest,
    options: {
      name: { type: "string" },
      document: { type: "string" },
      email: { type: "string" },
      password: { type: "string" },
      ip: { type: "string", multiple: true },
      balance: { type: "string" },
      json: { type: "boolean", default: false },
    },
    strict: true,
  });
  required(values, "name", "document", "email", "ip");
  // Checked before anything is created; funded by a sandbox PIX credit so the ledger stays whole.
  const balanceCents =
    values.balance === undefined
      ? null
      : brlToCents(Number(values.balance), config().MAX_TRANSACTION_AMOUNT_CENTS, "balance");
  const merchant = await createMerchant(db, {
    name: values.name as string,
    document: values.document as string,
    email: values.email as string,
    ...(values.password ? { password: values.password } : {}),
    ipWhitelist: values.ip ?? [],
  });
  // An EVP key on the new account, so a charge (e.g. API Pix's PUT /cob/{txid} `chave`) can be created at once.
  const pixKey = await createPixKey(db, { callerId: merchant.userId, accountId: merchant.accountId }, { type: "EVP" });
  if (balanceCents) {
    await creditIncomingPix(db, { userId: merchant.userId, accountId: merchant.accountId, amountCents: balanceCents });
  }
  emit(io, values.json, { ...merchant, pixKey: pixKey.key }, () => [
    `merchant created: ${merchant.email}`,
    `  user id:       ${merchant.userId}`,
    `  account id:    ${merchant.accountId}`,
    `  PIX key (EVP): ${pixKey.key}`,
    `  client id:     ${merchant.clientId}`,
    `  client secret: ${merchant.clientSecret}   (shown once)`,
    ...(merchant.password ? [`  password:      ${merchant.password}   (generated, shown once)`] : []),
  ]);
}
