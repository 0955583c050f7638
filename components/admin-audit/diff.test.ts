import { describe, expect, it } from "vitest";
import { diffRows } from "./diff";

describe("audit diff", () => {
  it("flattens nested states and marks what changed, added or removed", () => {
    expect(
      diffRows(
        { status: "under_analysis", blockedCents: "3000", defense: { files: ["a"] } },
        { status: "accepted", blockedCents: "3000", refundedEndToEndId: "D123" },
      ),
    ).toEqual([
      { path: "status", before: "under_analysis", after: "accepted", changed: true },
      { path: "blockedCents", before: "3000", after: "3000", changed: false },
      { path: "defense.files", before: '["a"]', after: null, changed: true },
      { path: "refundedEndToEndId", before: null, after: "D123", changed: true },
    ]);
  });

  it("reads a missing before (a creation) and plain values", () => {
    expect(diffRows(null, { email: "a@b.c" })).toEqual([
      { path: "email", before: null, after: "a@b.c", changed: true },
    ]);
    expect(diffRows(null, null)).toEqual([]);
    expect(diffRows({ n: 1, flag: null }, { n: 2, flag: true })).toEqual([
      { path: "n", before: "1", after: "2", changed: true },
      { path: "flag", before: "null", after: "true", changed: true },
    ]);
  });
});
