import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { acceptedTimeStep, newTotpSecret, totpUri } from "./totp";

const NOW = 1_800_000_000; // a fixed instant, seconds
const at = (secret: string, epoch: number) => generate({ secret, epoch });

describe("TOTP codes", () => {
  const secret = newTotpSecret();

  it("accepts the current code and answers its time step", async () => {
    expect(await acceptedTimeStep(secret, await at(secret, NOW), null, NOW)).toBe(Math.floor(NOW / 30));
  });

  it("accepts one step of clock drift either way, not two", async () => {
    expect(await acceptedTimeStep(secret, await at(secret, NOW - 30), null, NOW)).not.toBeNull();
    expect(await acceptedTimeStep(secret, await at(secret, NOW + 30), null, NOW)).not.toBeNull();
    expect(await acceptedTimeStep(secret, await at(secret, NOW - 90), null, NOW)).toBeNull();
  });

  it("refuses a wrong, malformed or another secret's code", async () => {
    const good = await at(secret, NOW);
    const wrong = String((Number(good) + 1) % 1_000_000).padStart(6, "0");
    expect(await acceptedTimeStep(secret, wrong, null, NOW)).toBeNull();
    expect(await acceptedTimeStep(secret, "12345", null, NOW)).toBeNull();
    expect(await acceptedTimeStep(secret, "abcdef", null, NOW)).toBeNull();
    expect(await acceptedTimeStep(newTotpSecret(), good, null, NOW)).toBeNull();
  });

  it("refuses a code of a step already used (replay), accepts the next step's", async () => {
    const step = await acceptedTimeStep(secret, await at(secret, NOW), null, NOW);
    expect(await acceptedTimeStep(secret, await at(secret, NOW), step, NOW)).toBeNull();
    expect(await acceptedTimeStep(secret, await at(secret, NOW + 30), step, NOW + 30)).toBe((step ?? 0) + 1);
  });

  it("ignores spaces and dashes typed in a code", async () => {
    const code = await at(secret, NOW);
    expect(await acceptedTimeStep(secret, `${code.slice(0, 3)} ${code.slice(3)}`, null, NOW)).not.toBeNull();
  });

  it("names the issuer and the account in the otpauth address", () => {
    const uri = totpUri("JBSWY3DPEHPK3PXP", "ana@example.test", "PIX Platform");
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(uri).toContain("secret=JBSWY3DPEHPK3PXP");
    expect(uri).toContain("issuer=PIX");
  });
});
