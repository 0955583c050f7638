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
import { cobStatusOf } from "./cob-status";

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

/** The charge as API Pix `CobPayload`: what a payer's institution reads at the location. */
export function locationPayload(charge: Charge, now = new Date()) {
  const debtor = debtorOf(charge);
  const info = charge.additionalInfo as { nome: string; valor: string }[] | null;
  return {
    revisao: charge.revision,
    calendario: {
      criacao: charge.createdAt.toISOString(),
      apresentacao: now.toISOString(),
      expiracao: Math.round((charge.expiresAt.getTime() - charge.createdAt.getTime()) / 1000),
    },
    txid: charge.txId,
    status: cobStatusOf(charge.status),
    ...(debtor ? { devedor: debtor } : {}),
    valor: {
      original: formatAmountCents(charge.amountCents),
      ...(charge.amountEditable ? { modalidadeAlteracao: 1 } : {}),
    },
    chave: charge.pixKey,
    ...(charge.description ? { solicitacaoPagador: charge.description } : {}),
    ...(info?.length ? { infoAdicionais: info } : {}),
  };
}

/** API Pix `devedor`: `cpf` for 11 characters, `cnpj` for 14, with the name. */
export function debtorOf(charge: Pick<Charge, "debtorDocument" | "debtorName">) {
  if (!charge.debtorDocument) return null;
  const kind = charge.debtorDocument.length === 11 ? "cpf" : "cnpj";
  return { [kind]: charge.debtorDocument, nome: charge.debtorName ?? "" } as
    | { cpf: string; nome: string }
    | { cnpj: string; nome: string };
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

export function signLocation(charge: Charge, now = new Date()): string {
  return signPayload(locationPayload(charge, now));
}

/** Any payload a location serves (a cob's, a cobv's) as a compact JWS with the location key. */
export function signPayload(body: object): string {
  const header = base64url(JSON.stringify({ alg: "ES256", typ: "JWT", kid: KEY_ID }));
  const payload = base64url(JSON.stringify(body));
  const signature = sign("sha256", Buffer.from(`${header}.${payload}`), { key: key(), dsaEncoding: "ieee-p1363" });
  return `${header}.${payload}.${base64url(signature)}`;
}
