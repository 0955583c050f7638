import { describe, expect, it } from "vitest";
import { API_PIX_SCOPES, SCOPE_GROUPS, SCOPES } from "./scopes";

describe("SCOPE_GROUPS", () => {
  it("puts every scope in exactly one group, API Pix's scopes in their own", () => {
    const grouped = SCOPE_GROUPS.flatMap((group) => group.scopes);
    expect([...grouped].sort()).toEqual([...SCOPES].sort());
    expect(SCOPE_GROUPS.find((group) => group.id === "apiPix")?.scopes).toEqual(API_PIX_SCOPES);
    expect(SCOPE_GROUPS.find((group) => group.id === "baas")?.scopes).toEqual([
      "baas:onboarding",
      "baas:accounts",
      "baas:pix",
    ]);
  });
});
