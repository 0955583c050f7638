/**
 * Passkeys (WebAuthn, @simplewebauthn/server): the relying party is APP_URL (its host is the
 * rpID, its origin the expected origin). One challenge per user is in flight, for five minutes.
 * `host` is the Host the request came in on: it matters only on a loopback APP_URL (relyingParty).
 */
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { config } from "../config";
import type { Db, Tx } from "../db/client";
import { AppError, notFound } from "../errors";
import { hasSecondFactor, replaceRecoveryCodes, TOTP_ISSUER } from "./service";

const CHALLENGE_TTL_MS = 5 * 60 * 1000;

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The relying party: APP_URL's host and origin. A platform on a loopback address (development,
 * the e2e server) is reached as 127.0.0.1 or as localhost alike, and browsers refuse an IP address
 * as rpID: there, a request on another loopback name of the same port is its own relying party.
 * A public APP_URL is the only relying party, whatever Host a request names.
 */
export function relyingParty(host?: string, appUrl = config().APP_URL): { rpID: string; origin: string } {
  const app = new URL(appUrl);
  const own = { rpID: app.hostname, origin: app.origin };
  if (!host || !LOOPBACK_NAMES.has(app.hostname)) return own;
  let asked: URL;
  try {
    asked = new URL(`${app.protocol}//${host}`);
  } catch {
    return own;
  }
  const sameListener = asked.port === app.port && asked.host === host.toLowerCase();
  return sameListener && LOOPBACK_NAMES.has(asked.hostname) ? { rpID: asked.hostname, origin: asked.origin } : own;
}

const refused = () => new AppError("SECOND_FACTOR_INVALID", "the passkey was not accepted", "passkey");

async function keepChallenge(tx: Tx, userId: string, challenge: string): Promise<void> {
  const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
  await tx.webauthnChallenge.upsert({
    where: { userId },
    create: { userId, challenge, expiresAt },
    update: { challenge, expiresAt },
  });
}

/** The challenge, once: taken whether or not the answer then verifies. */
async function takeChallenge(tx: Tx, userId: string): Promise<string> {
  const row = await tx.webauthnChallenge.findUnique({ where: { userId } });
  if (!row) throw refused();
  await tx.webauthnChallenge.deleteMany({ where: { userId, challenge: row.challenge } });
  if (row.expiresAt.getTime() < Date.now()) throw refused();
  return row.challenge;
}

export async function passkeyRegistrationOptions(
  db: Tx,
  user: { id: string; email: string; name: string },
  host?: string,
) {
  const existing = await db.passkey.findMany({ where: { userId: user.id }, select: { id: true, transports: true } });
  const options = await generateRegistrationOptions({
    rpName: TOTP_ISSUER,
    rpID: relyingParty(host).rpID,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(user.id),
    attestationType: "none",
    excludeCredentials: existing.map((key) => ({ id: key.id, transports: key.transports })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
  await keepChallenge(db, user.id, options.challenge);
  return options;
}

export async function registerPasskey(
  db: Db,
  userId: string,
  input: { name: string; response: RegistrationResponseJSON },
  host?: string,
): Promise<{ id: string; name: string; recoveryCodes: string[] | null }> {
  return db.$transaction(async (tx) => {
    const firstFactor = !(await hasSecondFactor(tx, userId));
    const expectedChallenge = await takeChallenge(tx, userId);
    const { rpID, origin } = relyingParty(host);
    const result = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    }).catch(() => ({ verified: false as const }));
    if (!result.verified) throw refused();
    const { credential } = result.registrationInfo;
    const passkey = await tx.passkey.create({
      data: {
        id: credential.id,
        userId,
        name: input.name,
        publicKey: Buffer.from(credential.publicKey),
        counter: BigInt(credential.counter),
        transports: credential.transports ?? [],
      },
    });
    // A first second factor comes with recovery codes, as confirming an authenticator app does.
    const recoveryCodes = firstFactor ? await replaceRecoveryCodes(tx, userId) : null;
    return { id: passkey.id, name: passkey.name, recoveryCodes };
  });
}

export async function passkeyAuthenticationOptions(db: Tx, userId: string, host?: string) {
  const keys = await db.passkey.findMany({ where: { userId }, select: { id: true, transports: true } });
  if (keys.length === 0) throw notFound("no passkey is registered", "passkey");
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(host).rpID,
    allowCredentials: keys.map((key) => ({ id: key.id, transports: key.transports })),
    userVerification: "preferred",
  });
  await keepChallenge(db, userId, options.challenge);
  return options;
}

/** Checks a passkey's answer at sign-in or step-up; refuses with SECOND_FACTOR_INVALID. */
export async function verifyPasskey(
  db: Db,
  userId: string,
  response: AuthenticationResponseJSON,
  host?: string,
): Promise<void> {
  await db.$transaction(async (tx) => {
    const expectedChallenge = await takeChallenge(tx, userId);
    const key = await tx.passkey.findFirst({ where: { id: response.id, userId } });
    if (!key) throw refused();
    const { rpID, origin } = relyingParty(host);
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
      credential: {
        id: key.id,
        publicKey: new Uint8Array(key.publicKey),
        counter: Number(key.counter),
        transports: key.transports,
      },
    }).catch(() => ({ verified: false as const, authenticationInfo: undefined }));
    if (!result.verified) throw refused();
    await tx.passkey.update({
      where: { id: key.id },
      data: { counter: BigInt(result.authenticationInfo.newCounter), lastUsedAt: new Date() },
    });
  });
}

export async function removePasskey(db: Db, userId: string, passkeyId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const { count } = await tx.passkey.deleteMany({ where: { id: passkeyId, userId } });
    if (count === 0) throw notFound("passkey not found", "passkeyId");
    const totp = await tx.userTotp.count({ where: { userId, confirmedAt: { not: null } } });
    const passkeys = await tx.passkey.count({ where: { userId } });
    if (totp + passkeys === 0) await tx.recoveryCode.deleteMany({ where: { userId } });
  });
}
