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

  describe("the PIX rail", () => {
    const network = {
      PIX_RAIL: "network",
      PSP_ISPB: "12345678",
      SPI_URL: "https://spi.example.invalid/spi",
      DICT_URL: "https://dict.example.invalid/api/v1",
    };
    const tls = { PIX_TLS_CERT: "/pki/client.pem", PIX_TLS_KEY: "/pki/client.key", PIX_TLS_CA: "/pki/ca.pem" };
    const signing = { PIX_SIGNING_KEY: "/pki/sign.key", PIX_SIGNING_CERT: "/pki/sign.pem" };
    const production = {
      NODE_ENV: "production",
      AUTH_SECRET: "a".repeat(40),
      API_KEY_PEPPER: "b".repeat(40),
      DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
    };
    const load = (env: Record<string, string>) => {
      for (const name of Object.keys({ ...network, ...tls, ...signing, ...production, PIX_MODE: "", PSP_ISPB: "" }))
        delete process.env[name];
      Object.assign(process.env, env);
      resetConfigForTests();
      return config();
    };

    it("is the sandbox by default, and PIX_MODE=sandbox is its older name", () => {
      expect(load({}).PIX_RAIL).toBe("sandbox");
      expect(load({ PIX_MODE: "sandbox" }).PIX_RAIL).toBe("sandbox");
      expect(() => load({ PIX_MODE: "connector" })).toThrow(/PIX_RAIL/);
    });

    it("takes PSP_ISPB as the platform's ISPB when set", () => {
      expect(load({ PLATFORM_ISPB: "11111111" }).PLATFORM_ISPB).toBe("11111111");
      expect(load({ PLATFORM_ISPB: "11111111", PSP_ISPB: "22222222" }).PLATFORM_ISPB).toBe("22222222");
    });

    it("needs this institution's ISPB and both URLs in network mode", () => {
      expect(() => load({ PIX_RAIL: "network", PSP_ISPB: "12345678", SPI_URL: network.SPI_URL })).toThrow(
        /DICT_URL is required/,
      );
      const { PSP_ISPB: _none, ...withoutIspb } = network;
      expect(() => load(withoutIspb)).toThrow(/PSP_ISPB is required with PIX_RAIL=network/);
      expect(load(network).PIX_RAIL).toBe("network");
    });

    it("refuses to start in production without TLS and signing", () => {
      expect(() => load({ ...production, ...network, ...signing })).toThrow(/mutual TLS/);
      expect(() => load({ ...production, ...network, ...tls })).toThrow(/PIX_SIGNING_KEY and PIX_SIGNING_CERT/);
      expect(() => load({ ...production, ...network, ...tls, PIX_SIGNING_KEY: signing.PIX_SIGNING_KEY })).toThrow(
        /go together/,
      );
      expect(load({ ...production, ...network, ...tls, ...signing }).PIX_RAIL).toBe("network");
    });

    it("refuses plain http off loopback in production, even with TLS and signing", () => {
      expect(() =>
        load({ ...production, ...network, ...tls, ...signing, SPI_URL: "http://spi.example.invalid/spi" }),
      ).toThrow(/SPI_URL must be https/);
    });

    it("lets production run against a simulator on loopback over plain http", () => {
      const loopback = { SPI_URL: "http://127.0.0.1:4100/spi", DICT_URL: "http://localhost:4100/dict/api/v1" };
      expect(load({ ...production, ...network, ...loopback }).PIX_RAIL).toBe("network");
      expect(() =>
        load({ ...production, ...network, SPI_URL: loopback.SPI_URL, DICT_URL: "http://10.0.0.5/dict" }),
      ).toThrow(/mutual TLS/);
    });
  });
});
