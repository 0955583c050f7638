import { describe, expect, it } from "vitest";
import { amountDueOn, expiryOf, paidComponentsColumn, paidComponentsOf, termsOfCharge } from "./record";

const cobv = {
  txId: "t",
  dueDate: new Date("2020-12-25T00:00:00Z"),
  validityDays: 1,
  dueTerms: { original: "100.00", multa: { modalidade: 1, valorPerc: "2.00" } },
};

describe("a cobv's row", () => {
  it("reads back as the maths' terms", () => {
    expect(termsOfCharge(cobv)).toMatchObject({ dueDate: "2020-12-25", validityDays: 1, originalCents: 10_000n });
  });

  it("expires at the end of its last payable day in São Paulo (example C: 2020-12-29)", () => {
    expect(expiryOf(termsOfCharge(cobv)).toISOString()).toBe("2020-12-30T03:00:00.000Z");
  });

  it("keeps the components of a payment exactly", () => {
    const due = amountDueOn(cobv, "2020-12-29");
    expect(due.finalCents).toBe(10_200n);
    const kept = paidComponentsOf({ paidComponents: paidComponentsColumn(due, "2020-12-29") });
    expect(kept).toMatchObject({ paidOn: "2020-12-29", finalCents: 10_200n, multaCents: 200n, originalCents: 10_000n });
    expect(paidComponentsOf({ paidComponents: null })).toBeNull();
  });
});
