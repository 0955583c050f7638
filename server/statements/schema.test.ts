import { describe, expect, it } from "vitest";
import { resolveOptions, resolvePeriod, StatementRequestSchema } from "./schema";

const base = { accountId: "100000000001" };

describe("statement request schema", () => {
  it("reads YYYY-MM-DD as whole São Paulo days", () => {
    expect(resolvePeriod("2026-01-01", "2026-01-31")).toEqual({
      startAt: Date.parse("2026-01-01T03:00:00.000Z"),
      endAt: Date.parse("2026-02-01T02:59:59.999Z"),
    });
    expect(resolvePeriod(5, 10)).toEqual({ startAt: 5, endAt: 10 });
  });

  it("accepts 365 days and refuses 366", () => {
    expect(StatementRequestSchema.safeParse({ ...base, startDate: "2025-01-01", endDate: "2025-12-31" }).success).toBe(
      true,
    );
    const tooLong = StatementRequestSchema.safeParse({ ...base, startDate: "2024-01-01", endDate: "2024-12-31" });
    expect(tooLong.success).toBe(false); // 2024 is a leap year: 366 days
    expect(tooLong.error?.issues[0]?.message).toBe("the period must be at most 365 days");
  });

  it("refuses a start after the end, bad dates, unknown formats and unknown option keys", () => {
    const cases = [
      { ...base, startDate: "2025-02-02", endDate: "2025-02-01" },
      { ...base, startDate: "2025-02-30", endDate: "2025-03-01" },
      { ...base, startDate: 1.5, endDate: 2 },
      { ...base, startDate: 1, endDate: 2, format: "xls" },
      { ...base, startDate: 1, endDate: 2, options: { columns: { iban: true } } },
      { accountId: "12", startDate: 1, endDate: 2 },
      {
        ...base,
        startDate: 1,
        endDate: 2,
        options: { sections: { summary: false, monthlyTable: false, monthSummary: false, transactionTable: false } },
      },
    ];
    for (const input of cases)
      expect(StatementRequestSchema.safeParse(input).success, JSON.stringify(input)).toBe(false);
  });

  it("defaults to PDF with everything included", () => {
    const parsed = StatementRequestSchema.parse({ ...base, startDate: 1, endDate: 2 });
    expect(parsed.format).toBe("pdf");
    const options = resolveOptions(parsed.options);
    expect(Object.values(options.sections).every(Boolean)).toBe(true);
    expect(Object.values(options.columns).every(Boolean)).toBe(true);
    expect(resolveOptions({ columns: { fee: false } }).columns.fee).toBe(false);
    expect(resolveOptions({ columns: { fee: false } }).columns.netAmount).toBe(true);
  });
});
