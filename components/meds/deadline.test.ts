import { describe, expect, it } from "vitest";
import { deadlineLeft } from "./deadline";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const deadline = new Date("2026-11-30T15:00:00.000Z");
const at = (msBefore: number) => deadline.getTime() - msBefore;

describe("deadlineLeft", () => {
  it("counts whole days left, rounded up, with no warning beyond 2 days", () => {
    expect(deadlineLeft(deadline, at(7 * DAY))).toEqual({ unit: "days", count: 7, warning: false });
    expect(deadlineLeft(deadline, at(5 * DAY - HOUR))).toEqual({ unit: "days", count: 5, warning: false });
    expect(deadlineLeft(deadline, at(2 * DAY + 1))).toEqual({ unit: "days", count: 3, warning: false });
  });

  it("warns within 2 days, then counts hours and minutes on the last day", () => {
    expect(deadlineLeft(deadline, at(2 * DAY))).toEqual({ unit: "days", count: 2, warning: true });
    expect(deadlineLeft(deadline, at(DAY + 1))).toEqual({ unit: "days", count: 2, warning: true });
    expect(deadlineLeft(deadline, at(DAY))).toEqual({ unit: "hours", count: 24, warning: true });
    expect(deadlineLeft(deadline, at(5 * HOUR - 1))).toEqual({ unit: "hours", count: 5, warning: true });
    expect(deadlineLeft(deadline, at(HOUR))).toEqual({ unit: "minutes", count: 60, warning: true });
    expect(deadlineLeft(deadline, at(1))).toEqual({ unit: "minutes", count: 1, warning: true });
  });

  it("is over at the deadline and after it", () => {
    expect(deadlineLeft(deadline, at(0))).toEqual({ unit: "expired", warning: true });
    expect(deadlineLeft(deadline, at(-DAY))).toEqual({ unit: "expired", warning: true });
  });
});
