/**
 * "Chaves Pix" in the dashboard: the PIX keys of the merchant's own accounts, through the same
 * service as /v4/i/baas (server/pix/keys/service.ts). A refusal's code (BAAS_PIX_KEY_*) and, for
 * the cooldown, the seconds left reach the client through the error formatter.
 */
import { z } from "zod";
import { accountsOfUser } from "../../accounts/service";
import { db } from "../../db/client";
import { AccountId } from "../../fields/ids";
import { confirmPixKey, pixKeyClaimView, requestPixKey, resendPixKeyCode } from "../../pix/keys/possession";
import { ConfirmPixKey, keyTypesFor, NewPixKey, PixKeyId, PixKeyVerificationId } from "../../pix/keys/schema";
import { deletePixKey, keyringOf, pixKeyView, setCurrentPixKey } from "../../pix/keys/service";
import { can, createTRPCRouter } from "../init";

const KeyRef = z.object({ accountId: AccountId, keyId: PixKeyId });
const VerificationRef = z.object({ accountId: AccountId, verificationId: PixKeyVerificationId });

export const pixKeysRouter = createTRPCRouter({
  /** Each own account with its keys, the key types it may register and its limit (own accounts have no wait between keys). */
  accounts: can("pixKeys.read").query(async ({ ctx }) => {
    const accounts = await accountsOfUser(db(), ctx.tenantId);
    const rings = await Promise.all(
      accounts
        .filter((account) => account.programmeOwnerId === null)
        .map((account) => keyringOf(db(), { callerId: ctx.tenantId, accountId: account.id })),
    );
    return rings.map(({ account, keys, limit }) => ({
      accountId: account.id,
      name: account.name,
      document: account.document,
      personType: account.personType,
      keyTypes: keyTypesFor(account.personType),
      limit,
      keys: keys.map(pixKeyView),
    }));
  }),

  /** EVP, CPF, CNPJ: the key, registered. E-mail, phone: the registration waiting for the code sent to the key. */
  create: can("pixKeys.manage")
    .input(NewPixKey.extend({ accountId: AccountId }))
    .mutation(async ({ ctx, input }) => {
      const request = await requestPixKey(
        db(),
        { callerId: ctx.tenantId, accountId: input.accountId },
        { type: input.type, ...(input.key ? { key: input.key } : {}) },
      );
      return request.state === "registered"
        ? { state: request.state, key: pixKeyView(request.key) }
        : { state: request.state, pending: pixKeyClaimView(request.claim) };
    }),

  confirm: can("pixKeys.manage")
    .input(VerificationRef.extend(ConfirmPixKey.shape))
    .mutation(async ({ ctx, input }) =>
      pixKeyView(
        await confirmPixKey(
          db(),
          { callerId: ctx.tenantId, accountId: input.accountId },
          input.verificationId,
          input.code,
        ),
      ),
    ),

  resendCode: can("pixKeys.manage")
    .input(VerificationRef)
    .mutation(async ({ ctx, input }) =>
      pixKeyClaimView(
        await resendPixKeyCode(db(), { callerId: ctx.tenantId, accountId: input.accountId }, input.verificationId),
      ),
    ),

  setCurrent: can("pixKeys.manage")
    .input(KeyRef)
    .mutation(async ({ ctx, input }) =>
      pixKeyView(await setCurrentPixKey(db(), { callerId: ctx.tenantId, accountId: input.accountId }, input.keyId)),
    ),

  remove: can("pixKeys.manage")
    .input(KeyRef)
    .mutation(async ({ ctx, input }) =>
      pixKeyView(await deletePixKey(db(), { callerId: ctx.tenantId, accountId: input.accountId }, input.keyId)),
    ),
});
