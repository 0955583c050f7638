import { describe, expect, it } from "vitest";
import { payerSearch, previewDueDateTerms } from "./dashboard";

describe("payerSearch", () => {
  it("reads a punctuated CPF or CNPJ as a document and anything else as part of a name", () => {
    expect(payerSearch("123.456.789-09")).toEqual({ debtorDocument: "12345678909" });
    expect(payerSearch("12.345.678/0001-95")).toEqual({ debtorDocument: "12345678000195" });
    expect(payerSearch("Maria 123")).toEqual({ debtorName: "Maria 123" });
    expect(payerSearch("1234567890")).toEqual({ debtorName: "1234567890" });
    expect(payerSearch(undefined)).toEqual({});
  });
});

describe("previewDueDateTerms", () => {
  it("prices today, the due date and 10 and 30 days after it, with the fine from the day after", () => {
    const preview = previewDueDateTerms(
      { amount: 100_00n, dueDate: "2026-12-10", fine: { modality: 2, value: 2 } },
      "2026-12-01",
    );
    expect(preview.ok).toBe(true);
    if (!preview.ok) return;
    expect(preview.rows.map((r) => [r.key, r.date, r.finalCents])).toEqual([
      ["today", "2026-12-01", 100_00n],
      ["dueDate", "2026-12-10", 100_00n],
      ["due10", "2026-12-20", 102_00n],
      ["due30", "2027-01-09", 102_00n],
    ]);
  });

  it("answers the violations of terms it cannot price", () => {
    const preview = previewDueDateTerms({ amount: 100_00n, dueDate: "2026-11-01" }, "2026-12-01");
    expect(preview.ok).toBe(false);
  });
});
