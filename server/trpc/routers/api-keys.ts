import { z } from "zod";
import { ClientId, IpWhitelist, KeyName, Scopes, WhitelistEntry } from "../../apikeys/schema";
import { createApiKey, listApiKeys, revokeApiKey, updateApiKey } from "../../apikeys/service";
import { requireStepUp } from "../../auth/step-up";
import { db } from "../../db/client";
import type { ApiKey } from "../../generated/prisma/client";
import { whitelistEntryError } from "../../http/ip";
import { API_KEY_CREATED, API_KEY_REVOKED, API_KEY_UPDATED } from "../audits";
import { can, createTRPCRouter } from "../init";

const clientId = ClientId;
const name = KeyName;
const scopes = Scopes;
const ipWhitelist = IpWhitelist;
/** epoch ms; an expiry is always in the future. */
const expiresAt = z
  .number()
  .int()
  .refine((ms) => ms > Date.now(), "expiresAt must be in the future")
  .nullable();

/** What the browser may see of a key: never the secret's hash nor the signing secret's ciphertext. */
function apiKeyView(key: ApiKey) {
  return {
    clientId: key.clientId,
    name: key.name,
    scopes: key.scopes,
    ipWhitelist: key.ipWhitelist,
    active: key.active,
    expiresAt: key.expiresAt,
    lastUsedAt: key.lastUsedAt,
    createdAt: key.createdAt,
    revokedAt: key.revokedAt,
    hasHmacSecret: key.hmacSecretCiphertext !== null,
  };
}

export type ApiKeyView = ReturnType<typeof apiKeyView>;

const toDate = (ms: number | null | undefined) => (ms === undefined ? undefined : ms === null ? null : new Date(ms));

export const apiKeysRouter = createTRPCRouter({
  /** The user's keys, newest first, revoked ones included. */
  list: can("apiKeys.manage").query(async ({ ctx }) => ({
    keys: (await listApiKeys(db(), ctx.tenantId)).map(apiKeyView),
  })),

  /** Is this one allowlist entry read as the request pipeline reads it? For the form, as the user types. */
  checkWhitelistEntry: can("apiKeys.manage")
    .input(z.object({ entry: WhitelistEntry }))
    .query(({ input }) => ({ error: whitelistEntryError(input.entry) })),

  /** A new key; the client secret is in this answer and never again. */
  create: can("apiKeys.manage", API_KEY_CREATED)
    .input(z.object({ name, scopes, ipWhitelist, expiresAt }))
    .mutation(async ({ ctx, input }) => {
      requireStepUp(ctx.user);
      const created = await createApiKey(db(), {
        userId: ctx.tenantId,
        name: input.name,
        scopes: input.scopes,
        ipWhitelist: input.ipWhitelist,
        expiresAt: toDate(input.expiresAt),
      });
      return { key: apiKeyView(created.key), clientId: created.clientId, clientSecret: created.clientSecret };
    }),

  /** Changes a key's name, scopes, allowlist or expiry (null: never expires). */
  update: can("apiKeys.manage", API_KEY_UPDATED)
    .input(
      z.object({
        clientId,
        name: name.optional(),
        scopes: scopes.optional(),
        ipWhitelist: ipWhitelist.optional(),
        expiresAt: expiresAt.optional(),
      }),
    )
    .mutation(async ({ ctx, input }) =>
      apiKeyView(
        await updateApiKey(db(), input.clientId, ctx.tenantId, {
          name: input.name,
          scopes: input.scopes,
          ipWhitelist: input.ipWhitelist,
          expiresAt: toDate(input.expiresAt),
        }),
      ),
    ),

  /** Revokes a key at once; requests signed with it are refused from then on. */
  revoke: can("apiKeys.manage", API_KEY_REVOKED)
    .input(z.object({ clientId }))
    .mutation(async ({ ctx, input }) => apiKeyView(await revokeApiKey(db(), input.clientId, ctx.tenantId))),
});
