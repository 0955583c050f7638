import { describe, expect, it } from "vitest";
import { pageInfo } from "./paging";

describe("pageInfo", () => {
  it("counts no page for an empty list", () => {
    expect(pageInfo({ page: 1, limit: 20 }, 0)).toEqual({ page: 1, limit: 20, total: 0, totalPages: 0 });
  });

  it("counts a partial last page", () => {
    expect(pageInfo({ page: 2, limit: 20 }, 20).totalPages).toBe(1);
    expect(pageInfo({ page: 2, limit: 20 }, 21).totalPages).toBe(2);
  });
});
