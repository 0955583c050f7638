import { describe, expect, it } from "vitest";
import { jsonDepthExceeds } from "./json-depth";

describe("JSON nesting depth", () => {
  it("counts brackets outside strings only", () => {
    expect(jsonDepthExceeds('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(jsonDepthExceeds('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(jsonDepthExceeds('{"a":"[[[[[[{{{{"}', 1)).toBe(false);
    expect(jsonDepthExceeds('{"a":"\\"[[[["}', 1)).toBe(false);
  });
});
