import { afterEach, describe, expect, it } from "vitest";
import { config, resetConfigForTests } from "./index";

describe("config", () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
    resetConfigForTests();
  });

  it("takes a variable set to nothing as not set, so its default applies", () => {
    process.env.REDIS_URL = "";
    process.env.DICT_QUOTA_PER_MINUTE = "";
    resetConfigForTests();
    expect(config().REDIS_URL).toBeUndefined();
    expect(config().DICT_QUOTA_PER_MINUTE).toBe(120);
  });

  it("still refuses a malformed value", () => {
    process.env.REDIS_URL = "not a url";
    resetConfigForTests();
    expect(() => config()).toThrow(/REDIS_URL/);
  });

  it("gives next-auth the platform's address (APP_URL) to build its URLs on", () => {
    process.env.APP_URL = "https://pix.example.invalid";
    process.env.NEXTAUTH_URL = "http://localhost:3000";
    resetConfigForTests();
    config();
    expect(process.env.NEXTAUTH_URL).toBe("https://pix.example.invalid");
  });
});
