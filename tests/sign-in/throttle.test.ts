/**
 * Failed sign-ins are throttled per client address and per account; successful ones never count
 * (docs/decisions/0045-sign-in-hygiene.md).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "../../server/config";
import { newMerchant } from "../support/fixtures";
import { attempt, newAddress, PASSWORD, unknownEmail } from "./support";

let email: string;

beforeAll(async () => {
  Object.assign(process.env, {
    LOGIN_FAILURES_PER_ADDRESS_PER_MINUTE: "4",
    LOGIN_FAILURES_PER_ACCOUNT_PER_MINUTE: "3",
  });
  resetConfigForTests();
  email = (await newMerchant()).email;
});

describe("sign-in throttling counts failures only", () => {
  it("six successful sign-ins from one address in a minute all pass (an office behind one NAT)", async () => {
    const office = newAddress();
    const people = [email, (await newMerchant()).email, (await newMerchant()).email];
    for (let i = 0; i < 6; i++) {
      expect(await attempt(people[i % people.length] as string, PASSWORD, office)).toMatchObject({ ok: true });
    }
  });

  it("per address: once its failures are used up, even a right password from there waits", async () => {
    const address = newAddress();
    for (let i = 0; i < 4; i++) {
      expect(await attempt(unknownEmail(), "wrong-password", address)).toEqual({ ok: false, error: "invalid" });
    }
    expect(await attempt(email, PASSWORD, address)).toEqual({ ok: false, error: "throttled" });
    // another address is not held up
    expect(await attempt(email, PASSWORD, newAddress())).toMatchObject({ ok: true });
  });

  it("per account: failures from many addresses hold up that account only", async () => {
    const target = (await newMerchant()).email;
    for (let i = 0; i < 3; i++) {
      expect(await attempt(target, "wrong-password", newAddress())).toEqual({ ok: false, error: "invalid" });
    }
    expect(await attempt(target, PASSWORD, newAddress())).toEqual({ ok: false, error: "throttled" });
    expect(await attempt(email, PASSWORD, newAddress())).toMatchObject({ ok: true });
  });

  it("an unknown e-mail is throttled exactly like an account (the answers reveal nothing)", async () => {
    const nobody = unknownEmail();
    for (let i = 0; i < 3; i++) {
      expect(await attempt(nobody, "wrong-password", newAddress())).toEqual({ ok: false, error: "invalid" });
    }
    expect(await attempt(nobody, "wrong-password", newAddress())).toEqual({ ok: false, error: "throttled" });
  });

  it("successes between failures do not count towards the address's window", async () => {
    const address = newAddress();
    for (let i = 0; i < 3; i++)
      expect(await attempt(unknownEmail(), "nope-nope", address)).toMatchObject({ ok: false });
    for (let i = 0; i < 10; i++) expect(await attempt(email, PASSWORD, address)).toMatchObject({ ok: true });
    expect(await attempt(unknownEmail(), "nope-nope", address)).toEqual({ ok: false, error: "invalid" });
    expect(await attempt(email, PASSWORD, address)).toEqual({ ok: false, error: "throttled" });
  });
});
