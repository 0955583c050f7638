import { describe, expect, it } from "vitest";
import { relyingParty } from "./passkeys";

const LOOPBACK = "http://127.0.0.1:3224";
const PUBLIC = "https://pix.example.invalid";

describe("the passkeys' relying party", () => {
  it("is APP_URL's host and origin", () => {
    expect(relyingParty(undefined, PUBLIC)).toEqual({ rpID: "pix.example.invalid", origin: PUBLIC });
    expect(relyingParty("127.0.0.1:3224", LOOPBACK)).toEqual({ rpID: "127.0.0.1", origin: LOOPBACK });
  });

  it("on a loopback APP_URL, is the loopback name the request came in on, same port", () => {
    expect(relyingParty("localhost:3224", LOOPBACK)).toEqual({ rpID: "localhost", origin: "http://localhost:3224" });
    expect(relyingParty("[::1]:3224", LOOPBACK)).toEqual({ rpID: "[::1]", origin: "http://[::1]:3224" });
    expect(relyingParty("localhost:3000", "http://127.0.0.1:3000/")).toEqual({
      rpID: "localhost",
      origin: "http://localhost:3000",
    });
  });

  it("stays APP_URL for another port, another name or a malformed Host", () => {
    const own = { rpID: "127.0.0.1", origin: LOOPBACK };
    expect(relyingParty("localhost:3225", LOOPBACK)).toEqual(own);
    expect(relyingParty("localhost", LOOPBACK)).toEqual(own);
    expect(relyingParty("phish.example.invalid:3224", LOOPBACK)).toEqual(own);
    expect(relyingParty("user@localhost:3224", LOOPBACK)).toEqual(own);
    expect(relyingParty("localhost:3224/path", LOOPBACK)).toEqual(own);
    expect(relyingParty("[bad", LOOPBACK)).toEqual(own);
  });

  it("on a public APP_URL, whatever Host the request names", () => {
    const own = { rpID: "pix.example.invalid", origin: PUBLIC };
    expect(relyingParty("localhost", PUBLIC)).toEqual(own);
    expect(relyingParty("localhost:443", PUBLIC)).toEqual(own);
    expect(relyingParty("attacker.example.invalid", PUBLIC)).toEqual(own);
  });
});
