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
import { createTRPCRouter, merchantProcedure } from "../init";

const KeyRef = z.object({ accountId: AccountId, keyId: PixKeyId });
const VerificationRef = z.object({ accountId: AccountId, verificationId: PixKeyVerificationId });

export const pixKeysRouter = createTRPCRouter({
  /** Each own account with its keys, the key types it may register and its limit (own accounts have no wait between keys). */
  accounts: merchantProcedure.query(async ({ ctx }) => {
    const accounts = await accountsOfUser(db(), ctx.user.id);
    const rings = await Promise.all(
      accounts
        .filter((account) => account.programmeOwnerId === null)
        .map((account) => keyringOf(db(), { callerId: ctx.user.id, accountId: account.id })),
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
  create: merchantProcedure.input(NewPixKey.extend({ accountId: AccountId })).mutation(async ({ ctx, input }) => {
    const request = await requestPixKey(
      db(),
      { callerId: ctx.user.id, accountId: input.accountId },
      { type: input.type, ...(input.key ? { key: input.key } : {}) },
    );
    return request.state === "registered"
      ? { state: request.state, key: pixKeyView(request.key) }
      : { state: request.state, pending: pixKeyClaimView(request.claim) };
  }),

  confirm: merchantProcedure
    .input(VerificationRef.extend(ConfirmPixKey.shape))
    .mutation(async ({ ctx, input }) =>
      pixKeyView(
        await confirmPixKey(
          db(),
          { callerId: ctx.user.id, accountId: input.accountId },
          input.verificationId,
          input.code,
        ),
      ),
    ),

  resendCode: merchantProcedure
    .input(VerificationRef)
    .mutation(async ({ ctx, input }) =>
      pixKeyClaimView(
        await resendPixKeyCode(db(), { callerId: ctx.user.id, accountId: input.accountId }, input.verificationId),
      ),
    ),

  setCurrent: merchantProcedure
    .input(KeyRef)
    .mutation(async ({ ctx, input }) =>
      pixKeyView(await setCurrentPixKey(db(), { callerId: ctx.user.id, accountId: input.accountId }, input.keyId)),
    ),

  remove: merchantProcedure
    .input(KeyRef)
    .mutation(async ({ ctx, input }) =>
      pixKeyView(await deletePixKey(db(), { callerId: ctx.user.id, accountId: input.accountId }, input.keyId)),
    ),
});
