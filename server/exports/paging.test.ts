import { describe, expect, it } from "vitest";
import { everyPage } from "./paging";

describe("everyPage", () => {
  it("reads the list a page at a time until a short page, handing rows on as they come", async () => {
    const rows = Array.from({ length: 7 }, (_, i) => i);
    const asked: number[] = [];
    const out: number[] = [];
    for await (const row of everyPage(async ({ page, limit }) => {
      asked.push(page);
      return rows.slice((page - 1) * limit, page * limit);
    }, 3)) {
      out.push(row);
      expect(asked.length).toBe(Math.floor(row / 3) + 1);
    }
    expect(out).toEqual(rows);
    expect(asked).toEqual([1, 2, 3]);
  });
});
