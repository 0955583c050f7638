import { describe, expect, it } from "vitest";
import { bodyRefusal } from "./body-cap";

describe("the web server's body rule", () => {
  it("refuses by Content-Length above the cap, for every path", () => {
    expect(bodyRefusal({ "content-length": "101" }, false, 100)).toEqual({ status: 413, message: "Payload Too Large" });
    expect(bodyRefusal({ "content-length": "100" }, true, 100)).toBeNull();
  });

  it("asks Next-bound streamed bodies for their length; the REST surfaces count them", () => {
    expect(bodyRefusal({ "transfer-encoding": "chunked" }, true, 100)?.status).toBe(411);
    expect(bodyRefusal({ "transfer-encoding": "chunked" }, false, 100)).toBeNull();
    expect(bodyRefusal({}, true, 100)).toBeNull();
  });
});
