import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { networkRail } from "../../server/pix/network/network-rail";
import { newMerchant, randomCpf } from "../support/fixtures";
import { PSP_ISPB, startNetwork, type TestNetwork } from "./support";

let network: TestNetwork;

beforeAll(async () => {
  network = await startNetwork({ reader: false });
});

afterAll(async () => {
  await network.stop();
});

const holder = (document: string, id: string) => ({
  id,
  agency: "0001",
  document,
  name: "Maria Souza",
  personType: "person" as const,
  createdAt: new Date("2026-01-02T03:04:05Z"),
});

describe("PIX keys in the DICT", () => {
  it("registers a key with a signed createEntry, and removes it with deleteEntry", async () => {
    const document = randomCpf();
    const key = `registra-${document}@example.com`;
    const registered = await networkRail.registerKey({
      key,
      keyType: "EMAIL",
      account: holder(document, "000000000101"),
    });
    // the directory's answer names the key it holds
    expect(registered).toEqual({ status: "registered", key });
    const entries = await network.control<{ key: string; account: { participant: string } }[]>("/entries");
    expect(entries.json.find((entry) => entry.key === key)?.account.participant).toBe(PSP_ISPB);

    // the same registration again is the same registration
    expect(await networkRail.registerKey({ key, keyType: "EMAIL", account: holder(document, "000000000101") })).toEqual(
      { status: "registered" },
    );

    // another person cannot have it: an ownership claim is what is left
    expect(
      await networkRail.registerKey({ key, keyType: "EMAIL", account: holder(randomCpf(), "000000000102") }),
    ).toEqual({ status: "held_elsewhere", by: "other_owner" });

    await networkRail.unregisterKey({ key, keyType: "EMAIL", accountId: "000000000101" });
    const after = await network.control<{ key: string }[]>("/entries");
    expect(after.json.some((entry) => entry.key === key)).toBe(false);
  });

  it("says a key held at another institution for the same person can only be brought over", async () => {
    expect(
      await networkRail.registerKey({
        key: "maria@other-psp.sandbox",
        keyType: "EMAIL",
        account: holder(randomCpf(), "000000000103"),
      }),
    ).toEqual({ status: "held_elsewhere", by: "other_participant" });
  });

  it("asks the directory (checkKeys) whether a key is held elsewhere before its owner is asked to prove it", async () => {
    expect(await networkRail.keyAvailability("ana@other-psp.sandbox", "EMAIL")).toBe("other_participant");
    expect(await networkRail.keyAvailability(`livre-${randomCpf()}@example.com`, "EMAIL")).toBe("available");
  });

  it("resolves a key of this platform without asking the DICT", async () => {
    const merchant = await newMerchant();
    const key = `daqui-${merchant.accountId}@example.com`;
    await db().pixKey.create({
      data: { id: crypto.randomUUID(), accountId: merchant.accountId, type: "EMAIL", key, isCurrent: true },
    });
    // no look-up is given: one would be needed to ask the DICT
    const resolved = await networkRail.resolveKey(db(), key);
    expect(resolved).toMatchObject({ key, platformAccountId: merchant.accountId });
    expect(resolved.receiver.ispb).toBe(PSP_ISPB);
  });
});
