import { describe, expect, it } from "vitest";
import { DICT_QUOTA_GAVE_UP, pixFailure } from "./failure";

describe("pixFailure", () => {
  it("reads the reason code of a failed PIX's stored message", () => {
    expect(pixFailure("AC06: receiver account is blocked")).toEqual({ reason: "AC06", code: "AC06" });
    expect(pixFailure(DICT_QUOTA_GAVE_UP)).toEqual({ reason: "DICT_QUOTA", code: null });
    expect(pixFailure("ZZ99: something new")).toEqual({ reason: "other", code: "ZZ99" });
    expect(pixFailure("timeout")).toEqual({ reason: "other", code: null });
    expect(pixFailure(null)).toBeNull();
  });
});
