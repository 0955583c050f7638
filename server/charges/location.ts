/**
 * What a charge's location URL answers (field 25 of its BR Code): the charge as the Central
 * Bank's API Pix describes a `cob`, signed as a compact JWS (ES256), as PSPs expect to fetch it.
 * The signing key comes from PIX_LOCATION_SIGNING_KEY (PKCS#8 PEM); without one (development,
 * sandbox) a key is generated per process. Its public half is served at /pix/qr/v2/jwks.json.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign } from "node:crypto";
import { config } from "../config";
import type { Charge } from "../generated/prisma/client";
import { formatAmountCents } from "../pix/brcode";

const KEY_ID = "pix-location-1";
let signingKey: KeyObject | undefined;

function key(): KeyObject {
  if (!signingKey) {
    const pem = config().PIX_LOCATION_SIGNING_KEY;
    signingKey = pem ? createPrivateKey(pem) : generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey;
  }
  return signingKey;
}

export function locationJwks() {
  return { keys: [{ ...createPublicKey(key()).export({ format: "jwk" }), kid: KEY_ID, use: "sig", alg: "ES256" }] };
}

export function locationPayload(charge: Charge, now = new Date()) {
  return {
    revisao: 0,
    calendario: {
      criacao: charge.createdAt.toISOString(),
      apresentacao: now.toISOString(),
      expiracao: Math.round((charge.expiresAt.getTime() - charge.createdAt.getTime()) / 1000),
    },
    txid: charge.txId,
    status: charge.status === "created" ? "ATIVA" : charge.status === "paid" ? "CONCLUIDA" : "REMOVIDA_PELO_PSP",
    valor: { original: formatAmountCents(charge.amountCents) },
    chave: charge.pixKey,
    ...(charge.description ? { solicitacaoPagador: charge.description } : {}),
  };
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

export function signLocation(charge: Charge, now = new Date()): string {
  const header = base64url(JSON.stringify({ alg: "ES256", typ: "JWT", kid: KEY_ID }));
  const payload = base64url(JSON.stringify(locationPayload(charge, now)));
  const signature = sign("sha256", Buffer.from(`${header}.${payload}`), { key: key(), dsaEncoding: "ieee-p1363" });
  return `${header}.${payload}.${base64url(signature)}`;
}
