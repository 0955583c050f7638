import { describe, expect, it } from "vitest";
import { VerifiedKeyCache } from "./verified-cache";

function cache(ttlMs = 5_000) {
  const clock = { now: 1_000 };
  const kept = new VerifiedKeyCache<string>(ttlMs, () => clock.now);
  kept.setListening(true);
  return { kept, clock };
}

describe("VerifiedKeyCache", () => {
  it("answers a kept key until its time limit, then reads again", () => {
    const { kept, clock } = cache();
    kept.set("cli_a", "key a", kept.ticket());
    clock.now += 4_999;
    expect(kept.get("cli_a")).toBe("key a");
    clock.now += 1;
    expect(kept.get("cli_a")).toBeUndefined();
  });

  it("forgets a key whose change was announced", () => {
    const { kept } = cache();
    kept.set("cli_a", "key a", kept.ticket());
    kept.set("cli_b", "key b", kept.ticket());
    kept.drop("cli_a");
    expect([kept.get("cli_a"), kept.get("cli_b")]).toEqual([undefined, "key b"]);
  });

  it("does not keep a read that began before the key's change was announced", () => {
    const { kept } = cache();
    const before = kept.ticket();
    kept.drop("cli_a"); // revoked while the read was in flight
    kept.set("cli_a", "key a as it was", before);
    expect(kept.get("cli_a")).toBeUndefined();
    kept.set("cli_a", "key a as it is", kept.ticket());
    expect(kept.get("cli_a")).toBe("key a as it is");
  });

  it("keeps nothing and answers nothing while it is not listening for changes", () => {
    const { kept } = cache();
    kept.set("cli_a", "key a", kept.ticket());
    kept.setListening(false);
    expect(kept.get("cli_a")).toBeUndefined();
    kept.set("cli_a", "key a", kept.ticket());
    kept.setListening(true);
    expect(kept.get("cli_a")).toBeUndefined();
  });

  it("does not keep a read that began before the listener came back", () => {
    const { kept } = cache();
    kept.setListening(false);
    const before = kept.ticket();
    kept.setListening(true); // changes made meanwhile were not heard
    kept.set("cli_a", "key a", before);
    expect(kept.get("cli_a")).toBeUndefined();
  });
});
