/**
 * TOTP (RFC 6238) with otplib: 30-second steps, 6 digits, one step of drift either way, and a
 * code is accepted once (the accepted time step is kept and later codes must come after it).
 */
import { generateSecret, generateURI, verify } from "otplib";

/** One step either side: a phone clock half a minute off still works. */
const EPOCH_TOLERANCE_SECONDS = 30;
const CODE = /^\d{6}$/;

export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function totpUri(secret: string, account: string, issuer: string): string {
  return generateURI({ issuer, label: account, secret });
}

/** Spaces and dashes people type are ignored. */
export function normaliseCode(code: string): string {
  return code.replace(/[\s-]/g, "");
}

/**
 * The time step the code belongs to, or null when it is wrong, malformed or not after
 * `afterTimeStep` (a replay).
 */
export async function acceptedTimeStep(
  secret: string,
  code: string,
  afterTimeStep: number | null,
  epochSeconds = Math.floor(Date.now() / 1000),
): Promise<number | null> {
  const token = normaliseCode(code);
  if (!CODE.test(token)) return null;
  const result = await verify({
    secret,
    token,
    epoch: epochSeconds,
    epochTolerance: EPOCH_TOLERANCE_SECONDS,
    ...(afterTimeStep === null ? {} : { afterTimeStep }),
  });
  return result.valid && "timeStep" in result ? result.timeStep : null;
}
