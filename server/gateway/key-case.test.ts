import { describe, expect, it } from "vitest";
import { convertKeys, toCamel, toSnake } from "./key-case";

describe("key case conversion", () => {
  it("converts single keys both ways", () => {
    expect(toCamel("pix_key_type")).toBe("pixKeyType");
    expect(toSnake("pixKeyType")).toBe("pix_key_type");
    expect(toSnake(toCamel("end_to_end_id"))).toBe("end_to_end_id");
  });

  it("converts nested objects and arrays, not values", () => {
    expect(convertKeys({ error_list: [{ field_name: "pix_key" }], data: { tx_id: "a_b" } }, toCamel)).toEqual({
      errorList: [{ fieldName: "pix_key" }],
      data: { txId: "a_b" },
    });
  });
});
