/**
 * Seeds the demo merchant and admin once. The demo API secret is shown only at creation, so it
 * is also kept in .data/demo-credentials.json (git-ignored, development only) to be printed
 * on every start.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createMerchant } from "../server/accounts/merchants";
import { accountsOfUser } from "../server/accounts/service";
import { type Db, db, disconnectDb } from "../server/db/client";
import { addMember } from "../server/organizations/members";
import { registerPixKey } from "../server/pix/platform-keys";
import { enrolKnownTotp } from "../server/second-factor/service";
import { creditIncomingPix } from "../server/transfers/incoming";
import { createUser } from "../server/users/service";
import {
  DEMO_ADMIN,
  DEMO_COUNTERPARTY,
  DEMO_IP_WHITELIST,
  DEMO_MERCHANT,
  DEMO_OPENING_BALANCE_CENTS,
  DEMO_SUPPORT,
} from "./demo";

export type DemoCredentials = {
  /** the owner of the demo organisation */
  merchant: { email: string; password: string };
  /** the demo organisation's name, and its read-only (support) member */
  organization: string;
  support: { email: string; password: string };
  /** the second merchant, to pay and to be paid by */
  counterparty: { email: string; password: string; accountId: string; pixKey: string };
  admin: { email: string; password: string; totpSecret: string };
  accountId: string;
  /** the demo account's EVP key: the `chave` of a first API Pix cob */
  pixKey: string;
  clientId: string;
  clientSecret: string | null;
};

const CREDENTIALS_FILE = path.resolve(".data/demo-credentials.json");

export async function seedDemo(database: Db = db()): Promise<DemoCredentials> {
  let saved: Partial<DemoCredentials> = {};
  if (existsSync(CREDENTIALS_FILE)) saved = JSON.parse(readFileSync(CREDENTIALS_FILE, "utf8"));

  const existing = await database.user.findUnique({ where: { email: DEMO_MERCHANT.email } });
  let accountId: string;
  let clientId: string;
  let clientSecret: string | null = null;
  if (existing) {
    const [account] = await accountsOfUser(database, existing.id);
    const key = await database.apiKey.findFirst({ where: { userId: existing.id }, orderBy: { createdAt: "asc" } });
    accountId = account?.id ?? "";
    clientId = key?.clientId ?? "";
    clientSecret = saved.clientId === clientId ? (saved.clientSecret ?? null) : null;
  } else {
    const created = await createMerchant(database, { ...DEMO_MERCHANT, ipWhitelist: DEMO_IP_WHITELIST });
    ({ accountId, clientId, clientSecret } = created);
    await registerPixKey(database, accountId, "EVP");
    await registerPixKey(database, accountId, "EMAIL", DEMO_MERCHANT.pixKey);
    // Opening balance, received like any PIX so the ledger stays whole.
    await creditIncomingPix(database, { userId: created.userId, accountId, amountCents: DEMO_OPENING_BALANCE_CENTS });
  }
  // A demo seeded before it had one gets its EVP key now.
  const evp =
    (await database.pixKey.findFirst({ where: { accountId, type: "EVP" }, orderBy: { createdAt: "asc" } })) ??
    (await registerPixKey(database, accountId, "EVP"));
  if (!(await database.user.findUnique({ where: { email: DEMO_COUNTERPARTY.email } }))) {
    const cafe = await createMerchant(database, { ...DEMO_COUNTERPARTY, ipWhitelist: DEMO_IP_WHITELIST });
    await registerPixKey(database, cafe.accountId, "EMAIL", DEMO_COUNTERPARTY.pixKey);
  }
  const owner = await database.user.findUniqueOrThrow({ where: { email: DEMO_MERCHANT.email } });
  if (!(await database.user.findUnique({ where: { email: DEMO_SUPPORT.email } }))) {
    await database.$transaction((tx) =>
      addMember(tx, {
        organizationId: owner.id,
        ...DEMO_SUPPORT,
        role: "support",
        actor: { userId: owner.id, email: owner.email, role: "owner" },
      }),
    );
  }
  if (!(await database.user.findUnique({ where: { email: DEMO_ADMIN.email } }))) {
    const admin = await createUser(database, { ...DEMO_ADMIN, role: "ADMIN" });
    await enrolKnownTotp(database, admin.id, DEMO_ADMIN.totpSecret);
  }

  const credentials: DemoCredentials = {
    merchant: { email: DEMO_MERCHANT.email, password: DEMO_MERCHANT.password },
    organization: DEMO_MERCHANT.name,
    support: { email: DEMO_SUPPORT.email, password: DEMO_SUPPORT.password },
    counterparty: {
      email: DEMO_COUNTERPARTY.email,
      password: DEMO_COUNTERPARTY.password,
      accountId: DEMO_COUNTERPARTY.accountId,
      pixKey: DEMO_COUNTERPARTY.pixKey,
    },
    admin: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, totpSecret: DEMO_ADMIN.totpSecret },
    accountId,
    pixKey: evp.key,
    clientId,
    clientSecret,
  };
  mkdirSync(path.dirname(CREDENTIALS_FILE), { recursive: true });
  writeFileSync(CREDENTIALS_FILE, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  return credentials;
}

const isEntryPoint = import.meta.url === `file://${process.argv[1]}`;
if (isEntryPoint) {
  const credentials = await seedDemo();
  console.log(JSON.stringify(credentials, null, 2));
  await disconnectDb();
}
