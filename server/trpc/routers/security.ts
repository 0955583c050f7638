/**
 * The security page (decision 0044): second factors of the signed-in user. Open to a user who
 * must still enrol (selfProcedure); removing or renewing a factor asks for a step-up.
 */
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { z } from "zod";
import { requireStepUp } from "../../auth/step-up";
import { qrCodePng } from "../../charges/qr-image";
import { db } from "../../db/client";
import { passkeyRegistrationOptions, registerPasskey, removePasskey } from "../../second-factor/passkeys";
import { PasskeyName, TotpCode, WebauthnResponse } from "../../second-factor/schema";
import {
  confirmTotp,
  disableTotp,
  regenerateRecoveryCodes,
  secondFactorStatus,
  startTotpEnrolment,
} from "../../second-factor/service";
import { createTRPCRouter, selfProcedure } from "../init";

export const securityRouter = createTRPCRouter({
  status: selfProcedure.query(async ({ ctx }) => ({
    ...(await secondFactorStatus(db(), ctx.user.id)),
    mustEnrol: ctx.user.secondFactor?.mustEnrol ?? false,
  })),

  /** A new authenticator secret: the QR code and the text, shown once, until confirmed. */
  startTotp: selfProcedure.mutation(async ({ ctx }) => {
    const { secret, uri } = await startTotpEnrolment(db(), ctx.user);
    return { secret, uri, qrCode: await qrCodePng(uri) };
  }),

  /** The first code confirms the app; the ten recovery codes are in this answer and never again. */
  confirmTotp: selfProcedure
    .input(z.object({ code: TotpCode }))
    .mutation(({ ctx, input }) => confirmTotp(db(), ctx.user.id, input.code)),

  disableTotp: selfProcedure.mutation(async ({ ctx }) => {
    requireStepUp(ctx.user);
    await disableTotp(db(), ctx.user.id);
    return { disabled: true };
  }),

  regenerateRecoveryCodes: selfProcedure.mutation(({ ctx }) => {
    requireStepUp(ctx.user);
    return regenerateRecoveryCodes(db(), ctx.user.id);
  }),

  passkeyRegistrationOptions: selfProcedure.mutation(({ ctx }) => passkeyRegistrationOptions(db(), ctx.user, ctx.host)),

  registerPasskey: selfProcedure
    .input(z.object({ name: PasskeyName, response: WebauthnResponse }))
    .mutation(({ ctx, input }) =>
      registerPasskey(
        db(),
        ctx.user.id,
        {
          name: input.name,
          response: input.response as unknown as RegistrationResponseJSON,
        },
        ctx.host,
      ),
    ),

  removePasskey: selfProcedure.input(z.object({ passkeyId: z.string().max(1024) })).mutation(async ({ ctx, input }) => {
    requireStepUp(ctx.user);
    await removePasskey(db(), ctx.user.id, input.passkeyId);
    return { removed: true };
  }),
});
