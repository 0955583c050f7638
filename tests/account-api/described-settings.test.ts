/** The API reference states the limits the server is configured with, not the defaults. */
import { afterEach, describe, expect, it } from "vitest";
import { createAccountApi } from "../../server/account-api/app";
import { resetConfigForTests } from "../../server/config";
import { createGatewayApi } from "../../server/gateway/app";
import { call } from "../support/fixtures";

const SETTINGS = {
  ONBOARDING_PROPOSALS_PER_HOUR: "7",
  ONBOARDING_STATUS_PER_HOUR: "11",
  ONBOARDING_UPLOADS_PER_HOUR: "13",
  EMAIL_VERIFICATION_TTL_HOURS: "5",
  UPLOAD_FILE_MAX_BYTES: String(3 * 1_048_576),
  IDEMPOTENCY_KEY_MAX_LENGTH: "64",
  IDEMPOTENCY_TTL_MS: String(6 * 3_600_000),
  DICT_QUOTA_PER_MINUTE: "17",
  PIX_KEYS_MAX_PERSON: "3",
  PIX_KEYS_MAX_COMPANY: "9",
  PIX_KEY_COOLDOWN_SECONDS: "42",
};

describe("descriptions of configured limits", () => {
  afterEach(() => {
    for (const name of Object.keys(SETTINGS)) delete process.env[name];
    resetConfigForTests();
  });

  it("interpolate the settings on both surfaces", async () => {
    Object.assign(process.env, SETTINGS);
    resetConfigForTests();
    const account = (await call(createAccountApi(), "GET", "/v4/i/openapi.json")).json;
    const onboarding = (path: string, method: string) =>
      account.paths[`/v4/i/baas/onboarding${path}`][method].description;
    expect(onboarding("/new", "post")).toContain("7 proposals an hour");
    expect(onboarding("/{userId}", "get")).toContain("11 queries an hour");
    expect(onboarding("/{userId}/resend-verification-email", "post")).toMatch(/after 5 hours.*7 resends an hour/);
    const keyRules = account.paths["/v4/i/baas/accounts/{accountId}/pix-keys"].post.description;
    expect(keyRules).toContain("At most 3 keys on a person's account and 9 on a company's");
    expect(keyRules).toContain("42 seconds between two key creations");
    const upload = onboarding("/{userId}/documents/upload", "post");
    expect(upload).toContain("at most 3 MB");
    expect(upload).toContain("13 uploads an hour");

    const gateway = (await call(createGatewayApi(), "GET", "/api/external/openapi.json")).json;
    expect(gateway.info.description).toContain("(≤ 64 characters) on POST: scoped by key, method and path for 6 h");
    expect(gateway.paths["/api/external/pix/cash-out"].post.description).toContain("(17 key resolutions a minute");
  });
});
