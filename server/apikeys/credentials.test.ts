import { describe, expect, it } from "vitest";
import { parseAuthorization } from "./credentials";

const basic = (pair: string) => `Basic ${Buffer.from(pair).toString("base64")}`;

describe("parseAuthorization", () => {
  it("reads Basic on every surface and ApiKey only where it is taken", () => {
    expect(parseAuthorization(basic("cli_1:sk_2"), ["basic"])).toEqual({ id: "cli_1", secret: "sk_2" });
    expect(parseAuthorization("ApiKey cli_1:sk_2", ["apikey", "basic"])).toEqual({ id: "cli_1", secret: "sk_2" });
    expect(parseAuthorization("ApiKey cli_1:sk_2", ["basic"])).toBe("malformed");
  });

  it("keeps colons inside the secret", () => {
    expect(parseAuthorization(basic("cli_1:a:b"), ["basic"])).toEqual({ id: "cli_1", secret: "a:b" });
  });

  it("tells a missing header, a bearer token and a malformed pair apart", () => {
    expect(parseAuthorization(undefined, ["basic"])).toBe("missing");
    expect(parseAuthorization("  ", ["basic"])).toBe("missing");
    expect(parseAuthorization("Bearer abc", ["apikey", "basic"])).toBe("bearer");
    for (const header of [basic("no-colon"), basic(":secret"), basic("id:"), "Basic", "Digest x"]) {
      expect(parseAuthorization(header, ["apikey", "basic"]), header).toBe("malformed");
    }
  });
});
