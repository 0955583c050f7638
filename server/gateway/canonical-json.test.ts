import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "./canonical-json";

const canonical = (text: string) => canonicalJson(JSON.parse(text));

describe("canonical JSON for request signatures", () => {
  it("sorts keys at every depth and drops whitespace", () => {
    expect(canonical('{ "b": 1, "a": { "d": [ {"z": 1, "y": 2} ], "c": null } }')).toBe(
      '{"a":{"c":null,"d":[{"y":2,"z":1}]},"b":1}',
    );
  });

  it("keeps array order", () => {
    expect(canonical("[3, 1, 2]")).toBe("[3,1,2]");
  });

  it("writes numbers in their shortest round-trip form", () => {
    expect(canonical('{"amount": 10.50}')).toBe('{"amount":10.5}');
    expect(canonical('{"a": 1e2, "b": 1.0, "c": -0.0, "d": 0.1}')).toBe('{"a":100,"b":1,"c":0,"d":0.1}');
  });

  it("writes unicode as JSON.stringify does", () => {
    expect(canonical('{"name": "S\\u00e3o Jos\\u00e9", "emoji": "\\ud83d\\ude00", "q": "a\\"b"}')).toBe(
      '{"emoji":"😀","name":"São José","q":"a\\"b"}',
    );
  });

  it("orders keys by code unit (uppercase before lowercase)", () => {
    expect(canonical('{"b": 1, "B": 2, "a": 3, "_": 4}')).toBe('{"B":2,"_":4,"a":3,"b":1}');
  });

  it("matches the worked example of the API reference", () => {
    const body = '{"pix_key": "ana@example.invalid", "amount": 10.50, "pix_key_type": "email"}';
    const message = canonical(body);
    expect(message).toBe('{"amount":10.5,"pix_key":"ana@example.invalid","pix_key_type":"email"}');
    const signature = createHmac("sha512", "sk_test_secret").update(message).digest("hex");
    expect(signature).toHaveLength(128);
    expect(signature).toBe(createHmac("sha512", "sk_test_secret").update(message).digest("hex"));
  });
});

describe("canonical JSON of deep bodies", () => {
  it("writes a 100,000-deep array without overflowing the stack", () => {
    const depth = 100_000;
    const text = `${"[".repeat(depth)}1${"]".repeat(depth)}`;
    // JSON.parse copes with this depth; the canonicaliser must too
    expect(canonicalJson(JSON.parse(text))).toBe(text);
  });

  it("keeps mixed nesting and sibling order", () => {
    expect(canonical('{"b":[{"d":1,"c":[2,{"f":3,"e":4}]}],"a":{}}')).toBe(
      '{"a":{},"b":[{"c":[2,{"e":4,"f":3}],"d":1}]}',
    );
  });
});
