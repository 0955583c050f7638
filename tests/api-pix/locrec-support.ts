/** Helpers of the API Pix locrec tests: a recurrence location, and what its public URL answers. */
import { createPublicKey, type JsonWebKey, verify } from "node:crypto";
import { expect } from "vitest";
import { locationJwks } from "../../server/charges/location";
import { pixCall } from "./support";

export async function newLocRec(bearer: string) {
  const res = await pixCall(bearer, "POST", "/locrec", { body: { tipo: "rec" } });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: number; location: string; tipo: "rec"; criacao: string; idRec?: string };
}

/** GET {location} of a recurrence (the public payload URL): status, and the payload with its signature checked. */
export async function fetchRecLocation(location: string) {
  const { GET } = await import("../../app/pix/qr/v2/rec/[token]/route");
  const token = location.split("/").pop() as string;
  const res = await GET(new Request(`http://localhost/pix/qr/v2/rec/${token}`), { params: Promise.resolve({ token }) });
  const text = await res.text();
  if (res.status !== 200) return { status: res.status, payload: null, problem: JSON.parse(text), signed: false };
  const [header, payload, signature] = text.split(".") as [string, string, string];
  const jwk = locationJwks().keys[0] as JsonWebKey;
  const signed = verify(
    "sha256",
    Buffer.from(`${header}.${payload}`),
    { key: createPublicKey({ key: jwk, format: "jwk" }), dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  return {
    status: res.status,
    header: JSON.parse(Buffer.from(header, "base64url").toString()),
    payload: JSON.parse(Buffer.from(payload, "base64url").toString()),
    problem: null,
    signed,
    contentType: res.headers.get("content-type"),
  };
}
