import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { snakeObject } from "../gateway/snake-schema";
import { BrlAmount, DEFAULT_MAX_TRANSACTION_CENTS, setTransactionLimit } from "./amount";
import { EndToEndId, TxId } from "./ids";
import { Metadata, text, unsafeTextPath } from "./text";

describe("text fields", () => {
  const field = text({ max: 5 });

  it("refuse NUL and unpaired surrogates, keep surrogate pairs", () => {
    expect(field.safeParse("a\u0000b").success).toBe(false);
    expect(field.safeParse("a\ud800b").success).toBe(false);
    expect(field.safeParse("\udc00").success).toBe(false);
    expect(field.safeParse("😀").success).toBe(true);
  });

  it("count the length after trimming when asked", () => {
    expect(text({ max: 2, trim: true }).parse("  ab  ")).toBe("ab");
    expect(text({ max: 2 }).safeParse("  ab  ").success).toBe(false);
  });

  it("check metadata all the way down, keys included", () => {
    expect(Metadata.safeParse({ a: [{ b: "ok" }], n: 1 }).success).toBe(true);
    expect(Metadata.safeParse({ a: [{ b: "x\u0000" }] }).success).toBe(false);
    expect(Metadata.safeParse({ "k\ud800": 1 }).success).toBe(false);
  });

  it("give ids their pattern", () => {
    expect(EndToEndId.safeParse("E99999999202611221010aBcDeFgHiJk").success).toBe(true);
    expect(EndToEndId.safeParse("X99999999202611221010aBcDeFgHiJk").success).toBe(false);
    expect(TxId.safeParse("a".repeat(25)).success).toBe(false);
    expect(TxId.safeParse("a".repeat(26)).success).toBe(true);
  });
});

describe("unsafeTextPath", () => {
  it("names where a NUL or a lone surrogate is, in values and in keys", () => {
    expect(unsafeTextPath({ a: [1, { b: "ok" }, "x\u0000"] })).toEqual(["a", "2"]);
    expect(unsafeTextPath({ devedor: { nome: "M\uD800" } })).toEqual(["devedor", "nome"]);
    expect(unsafeTextPath({ ok: { "k\u0000": 1 } })).toEqual(["ok", "k\u0000"]);
    expect(unsafeTextPath("\u0000")).toEqual([]);
    expect(unsafeTextPath({ a: "fine", b: ["😀"], c: null, d: 1 })).toBeNull();
  });

  it("walks a body nested far deeper than the call stack", () => {
    let deep: unknown = "x\u0000";
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(unsafeTextPath(deep)).toHaveLength(200_000);
    let clean: unknown = "x";
    for (let i = 0; i < 200_000; i++) clean = { a: clean };
    expect(unsafeTextPath(clean)).toBeNull();
  });
});

describe("BRL amounts", () => {
  afterEach(() => setTransactionLimit(() => DEFAULT_MAX_TRANSACTION_CENTS));

  it("become centavos", () => {
    expect(BrlAmount.parse(10.5)).toBe(1050n);
    expect(BrlAmount.parse(0.01)).toBe(1n);
    expect(BrlAmount.parse(1_000_000)).toBe(100_000_000n);
  });

  it.each([0, -1, 1.005, Number.NaN, Number.POSITIVE_INFINITY, 1_000_000.01, "10"])("refuse %s", (value) => {
    expect(BrlAmount.safeParse(value).success).toBe(false);
  });

  it("follow the configured maximum", () => {
    setTransactionLimit(() => 500n);
    const result = BrlAmount.safeParse(5.01);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("must be at most 5.00");
    expect(BrlAmount.parse(5)).toBe(500n);
  });
});

describe("the gateway's snake_case view", () => {
  it("keeps each field's rules under its snake_case key", () => {
    const camel = z.object({ externalId: text({ max: 3 }), amount: BrlAmount });
    const snake = snakeObject(camel);
    expect(Object.keys(snake.shape)).toEqual(["external_id", "amount"]);
    expect(snake.parse({ external_id: "abc", amount: 1 })).toEqual({ external_id: "abc", amount: 100n });
    expect(snake.safeParse({ external_id: "abcd", amount: 1 }).success).toBe(false);
  });
});
