import { describe, expect, it } from "vitest";
import { bodyRefusal } from "./body-cap";

const limits = { maxBytes: 100, formBytes: 10 };

describe("the web server's body rule", () => {
  it("refuses by Content-Length above the cap, for every path", () => {
    expect(bodyRefusal({ "content-length": "101" }, "/v4/i/x", false, limits)).toEqual({
      status: 413,
      message: "Payload Too Large",
    });
    expect(bodyRefusal({ "content-length": "100" }, "/api/trpc/x", true, limits)).toBeNull();
  });

  it("holds sign-in and page posts to the form limit; tRPC and uploads count their own", () => {
    for (const url of ["/api/auth/callback/credentials", "/login", "/onboarding/verify?token=t", "/api/health"]) {
      expect(bodyRefusal({ "content-length": "11" }, url, true, limits)?.status, url).toBe(413);
      expect(bodyRefusal({ "content-length": "10" }, url, true, limits), url).toBeNull();
    }
    expect(bodyRefusal({ "content-length": "50" }, "/api/trpc/transfers.internal", true, limits)).toBeNull();
    expect(bodyRefusal({ "content-length": "50" }, "/api/meds/evidence", true, limits)).toBeNull();
    expect(bodyRefusal({ "content-length": "50" }, "/api/external/x", false, limits)).toBeNull();
  });

  it("asks Next-bound streamed bodies for their length; the REST surfaces count them", () => {
    expect(bodyRefusal({ "transfer-encoding": "chunked" }, "/login", true, limits)?.status).toBe(411);
    expect(bodyRefusal({ "transfer-encoding": "chunked" }, "/v4/i/x", false, limits)).toBeNull();
    expect(bodyRefusal({}, "/login", true, limits)).toBeNull();
  });
});
