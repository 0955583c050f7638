import { parseArgs } from "node:util";
import { createApiKey, listApiKeys, revokeApiKey } from "../../apikeys/service";
import type { Db } from "../../db/client";
import type { ApiKey } from "../../generated/prisma/client";
import { type CliIo, emit, required, UsageError } from "../io";

export const APIKEY_USAGE = [
  "apikey create --email EMAIL [--name NAME] [--scope S]... [--ip ADDR]... [--expires ISO_DATE] [--no-hmac] [--json]",
  "apikey revoke CLIENT_ID [--json]",
  "apikey list [--email EMAIL] [--json]",
].join("\n       ");

function publicView(key: ApiKey) {
  return {
    clientId: key.clientId,
    name: key.name,
    userId: key.userId,
    scopes: key.scopes,
    ipWhitelist: key.ipWhitelist,
    active: key.active,
    expiresAt: key.expiresAt?.toISOString() ?? null,
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    createdAt: key.createdAt.toISOString(),
    hasHmacSecret: key.hmacSecretCiphertext !== null,
  };
}

async function userIdByEmail(db: Db, email: string): Promise<string> {
  const user = await db.user.findUnique({ where: { email: email.trim().toLowerCase() } });
  if (!user) throw new UsageError(`no user with e-mail ${email}`);
  return user.id;
}

export async function apikeyCommand(db: Db, io: CliIo, args: string[]): Promise<void> {
  const [action, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      email: { type: "string" },
      name: { type: "string" },
      scope: { type: "string", multiple: true },
      ip: { type: "string", multiple: true },
      expires: { type: "string" },
      "no-hmac": { type: "boolean", default: false },
      json: { type: "boolean", default: false },
    },
    strict: true,
  });
  if (action === "create") {
    required(values, "email", "ip");
    const expiresAt = values.expires ? new Date(values.expires) : null;
    if (expiresAt && Number.isNaN(expiresAt.getTime()))
      throw new UsageError(`--expires: not a date: ${values.expires}`);
    const created = await createApiKey(db, {
      userId: await userIdByEmail(db, values.email as string),
      ...(values.name ? { name: values.name } : {}),
      ...(values.scope ? { scopes: values.scope } : {}),
      ipWhitelist: values.ip ?? [],
      expiresAt,
      withHmacSecret: !values["no-hmac"],
    });
    const result = { ...publicView(created.key), clientSecret: created.clientSecret };
    emit(io, values.json, result, () => [
      `API key created: ${created.clientId}`,
      `  client secret: ${created.clientSecret}   (shown once)`,
    ]);
  } else if (action === "revoke") {
    const [clientId] = positionals;
    if (!clientId) throw new UsageError("usage: apikey revoke CLIENT_ID");
    const key = await revokeApiKey(db, clientId);
    emit(io, values.json, publicView(key), () => [`API key revoked: ${key.clientId}`]);
  } else if (action === "list") {
    const keys = await listApiKeys(db, values.email ? await userIdByEmail(db, values.email) : undefined);
    emit(io, values.json, keys.map(publicView), () =>
      keys.map((k) => `${k.clientId}  ${k.active ? "active  " : "revoked "} ${k.name}  [${k.ipWhitelist.join(", ")}]`),
    );
  } else {
    throw new UsageError(`usage: ${APIKEY_USAGE}`);
  }
}
