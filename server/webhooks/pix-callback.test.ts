import { describe, expect, it } from "vitest";
import { pixCallbackUrl } from "./pix-webhooks";

describe("the callback URL of an API Pix webhook", () => {
  it("appends /pix to the path, once, keeping the query", () => {
    expect(pixCallbackUrl("https://erp.example.invalid/api/webhook")).toBe(
      "https://erp.example.invalid/api/webhook/pix",
    );
    expect(pixCallbackUrl("https://erp.example.invalid/api/webhook/")).toBe(
      "https://erp.example.invalid/api/webhook/pix",
    );
    expect(pixCallbackUrl("https://erp.example.invalid")).toBe("https://erp.example.invalid/pix");
    expect(pixCallbackUrl("https://erp.example.invalid/hook?tenant=7")).toBe(
      "https://erp.example.invalid/hook/pix?tenant=7",
    );
  });
});
