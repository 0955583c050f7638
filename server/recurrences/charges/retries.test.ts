import { describe, expect, it } from "vitest";
import type { RecurringChargeAttempt } from "../../generated/prisma/client";
import type { ChargeWithAttempts } from "./model";
import { lastRetryDay, mayRetryOn, retryViolations } from "./retries";

const day = (d: string) => new Date(`${d}T00:00:00Z`);
const attempt = (kind: string, date: string, status: string) =>
  ({ kind, settlementDate: day(date), status }) as unknown as RecurringChargeAttempt;
const charge = (attempts: RecurringChargeAttempt[], status = "ATIVA") =>
  ({ status, dueDate: day("2027-03-06"), adjustBusinessDay: true, attempts }) as unknown as ChargeWithAttempts;

describe("retries of a recurring charge", () => {
  it("counts the window from the first settlement day, after the business-day roll", () => {
    // 2027-03-06 is a Saturday: the first attempt settles on Monday the 8th
    expect(lastRetryDay(charge([]))).toBe("2027-03-15");
  });

  it("allows three retries within the window, and none without the policy", () => {
    const failed = charge([attempt("AGND", "2027-03-08", "REJEITADA")]);
    expect(mayRetryOn(failed, "PERMITE_3R_7D", "2027-03-15")).toBe(true);
    expect(mayRetryOn(failed, "PERMITE_3R_7D", "2027-03-16")).toBe(false);
    expect(mayRetryOn(failed, "NAO_PERMITE", "2027-03-09")).toBe(false);
    const thrice = charge([
      attempt("AGND", "2027-03-08", "REJEITADA"),
      attempt("RIFL", "2027-03-09", "REJEITADA"),
      attempt("RIFL", "2027-03-10", "REJEITADA"),
      attempt("RIFL", "2027-03-11", "REJEITADA"),
    ]);
    expect(mayRetryOn(thrice, "PERMITE_3R_7D", "2027-03-12")).toBe(false);
  });

  it("names every reason a merchant's retry is refused", () => {
    const open = charge([attempt("AGND", "2027-03-08", "AGENDADA")]);
    expect(retryViolations(open, "PERMITE_3R_7D", "2027-03-08", "2027-03-08").map((v) => v.propriedade)).toEqual([
      "tentativas",
      "data",
      "data",
    ]);
    expect(retryViolations(open, "NAO_PERMITE", "2027-03-10", "2027-03-08").map((v) => v.propriedade)).toEqual([
      "politicaRetentativa",
    ]);
    const done = charge([attempt("AGND", "2027-03-08", "PAGA")], "CONCLUIDA");
    expect(retryViolations(done, "PERMITE_3R_7D", "2027-03-20", "2027-03-09").map((v) => v.propriedade)).toEqual([
      "status",
      "data",
    ]);
  });
});
