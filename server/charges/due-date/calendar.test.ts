import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  businessDaysBetween,
  calendarDaysBetween,
  dayNumber,
  easterSunday,
  fromDayNumber,
  holidayName,
  isBusinessDay,
  nationalHolidays,
  nextBusinessDay,
  plusDays,
  rollToBusinessDay,
  todayInSaoPaulo,
  weekday,
} from "./calendar";

describe("easterSunday", () => {
  it.each([
    [2019, "2019-04-21"],
    [2020, "2020-04-12"],
    [2021, "2021-04-04"],
    [2024, "2024-03-31"],
    [2025, "2025-04-20"],
    [2026, "2026-04-05"],
    [2027, "2027-03-28"],
    [2038, "2038-04-25"],
    [2285, "2285-03-22"],
  ])("%i → %s", (year, easter) => {
    expect(easterSunday(year)).toBe(easter);
    expect(weekday(easter)).toBe(0);
  });
});

describe("nationalHolidays", () => {
  it("2025: Carnival 3–4 Mar, Good Friday 18 Apr, Corpus Christi 19 Jun, and the fixed ones", () => {
    expect([...nationalHolidays(2025).keys()].sort()).toEqual([
      "2025-01-01",
      "2025-03-03",
      "2025-03-04",
      "2025-04-18",
      "2025-04-21",
      "2025-05-01",
      "2025-06-19",
      "2025-09-07",
      "2025-10-12",
      "2025-11-02",
      "2025-11-15",
      "2025-11-20",
      "2025-12-25",
    ]);
  });

  it("2026: Carnival 16–17 Feb, Good Friday 3 Apr, Corpus Christi 4 Jun", () => {
    expect(holidayName("2026-02-16")).toBe("Carnaval (segunda-feira)");
    expect(holidayName("2026-02-17")).toBe("Carnaval (terça-feira)");
    expect(holidayName("2026-04-03")).toBe("Sexta-feira Santa");
    expect(holidayName("2026-06-04")).toBe("Corpus Christi");
    expect(holidayName("2026-02-18")).toBeUndefined(); // Ash Wednesday opens at noon: a business day
  });

  it("2020 and 2021, the years of the spec's examples", () => {
    expect(holidayName("2020-02-24")).toBeDefined();
    expect(holidayName("2020-02-25")).toBeDefined();
    expect(holidayName("2020-04-10")).toBe("Sexta-feira Santa");
    expect(holidayName("2020-06-11")).toBe("Corpus Christi");
    expect(holidayName("2021-04-02")).toBe("Sexta-feira Santa");
    expect(holidayName("2020-12-25")).toBe("Natal");
    expect(holidayName("2021-01-01")).toBe("Confraternização Universal");
    expect(holidayName("2020-12-31")).toBeUndefined();
  });

  it("Consciência Negra is national from 2024 on only", () => {
    expect(holidayName("2023-11-20")).toBeUndefined();
    expect(holidayName("2024-11-20")).toBe("Dia Nacional de Zumbi e da Consciência Negra");
    expect(holidayName("2026-11-20")).toBeDefined();
  });

  it("has 12 holidays a year before 2024 and 13 from 2024, one fewer when Good Friday is Tiradentes", () => {
    for (let year = 1990; year < 2100; year++) {
      const coincide = holidayName(`${year}-04-21`) === "Sexta-feira Santa";
      expect(nationalHolidays(year).size).toBe((year < 2024 ? 12 : 13) - (coincide ? 1 : 0));
    }
    expect(holidayName("2000-04-21")).toBe("Sexta-feira Santa"); // Easter 2000 was 23 April
    expect(isBusinessDay("2000-04-21")).toBe(false);
  });
});

describe("business days", () => {
  it("weekends and holidays are not business days", () => {
    expect(isBusinessDay("2026-11-27")).toBe(true); // Friday
    expect(isBusinessDay("2026-11-28")).toBe(false); // Saturday
    expect(isBusinessDay("2026-11-29")).toBe(false); // Sunday
    expect(isBusinessDay("2025-04-18")).toBe(false); // Good Friday
    expect(isBusinessDay("2025-04-21")).toBe(false); // Tiradentes, a Monday
    expect(isBusinessDay("2025-04-22")).toBe(true);
  });

  it("rolls forward to the first business day, or keeps a business day", () => {
    expect(rollToBusinessDay("2025-04-22")).toBe("2025-04-22");
    expect(rollToBusinessDay("2025-04-18")).toBe("2025-04-22"); // Good Friday → weekend → Tiradentes → Tuesday
    expect(rollToBusinessDay("2026-02-14")).toBe("2026-02-18"); // Saturday before Carnival → Ash Wednesday
    expect(rollToBusinessDay("2020-12-25")).toBe("2020-12-28");
    expect(nextBusinessDay("2025-04-17")).toBe("2025-04-22");
    expect(nextBusinessDay("2026-11-27")).toBe("2026-11-30");
  });

  it("counts business days after the start up to and including the end", () => {
    expect(businessDaysBetween("2025-04-17", "2025-04-22")).toBe(1); // Fri holiday, weekend, Mon holiday
    expect(businessDaysBetween("2026-11-27", "2026-11-30")).toBe(1);
    expect(businessDaysBetween("2026-11-27", "2026-11-28")).toBe(0);
    expect(businessDaysBetween("2026-11-23", "2026-11-27")).toBe(4);
    expect(businessDaysBetween("2026-11-27", "2026-11-23")).toBe(-4);
    expect(businessDaysBetween("2026-11-27", "2026-11-27")).toBe(0);
    expect(businessDaysBetween("2024-12-31", "2025-12-31")).toBe(252); // 365 − 104 weekend days − 9 weekday holidays
  });

  it("calendar arithmetic never crosses a time zone", () => {
    expect(plusDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(plusDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(plusDays("2019-11-03", 1)).toBe("2019-11-04"); // a São Paulo daylight-saving start
    expect(calendarDaysBetween("2020-12-28", "2021-01-04")).toBe(7);
    expect(() => plusDays("2026-02-30", 1)).toThrow(RangeError);
  });

  it("today is the São Paulo calendar day", () => {
    expect(todayInSaoPaulo(new Date("2026-11-28T02:30:00Z"))).toBe("2026-11-27"); // 23:30 in São Paulo
    expect(todayInSaoPaulo(new Date("2026-11-28T03:00:00Z"))).toBe("2026-11-28");
  });

  const dateArb = fc.integer({ min: dayNumber("1990-01-01"), max: dayNumber("2100-12-31") }).map(fromDayNumber);

  it("property: the roll-forward lands on a business day, at most 6 days on, with none skipped", () => {
    fc.assert(
      fc.property(dateArb, (date) => {
        const rolled = rollToBusinessDay(date);
        expect(isBusinessDay(rolled)).toBe(true);
        const gap = calendarDaysBetween(date, rolled);
        expect(gap).toBeGreaterThanOrEqual(0);
        expect(gap).toBeLessThanOrEqual(6);
        for (let i = 0; i < gap; i++) expect(isBusinessDay(plusDays(date, i))).toBe(false);
      }),
    );
  });

  it("property: business days between are additive, bounded by calendar days, and match a day-by-day count", () => {
    fc.assert(
      fc.property(dateArb, fc.nat(800), fc.nat(60), (a, x, y) => {
        const b = plusDays(a, x);
        const c = plusDays(b, y);
        expect(businessDaysBetween(a, c)).toBe(businessDaysBetween(a, b) + businessDaysBetween(b, c));
        expect(businessDaysBetween(a, b)).toBeLessThanOrEqual(x);
        expect(businessDaysBetween(b, a) + businessDaysBetween(a, b)).toBe(0);
        let naive = 0;
        for (let i = 1; i <= x; i++) if (isBusinessDay(plusDays(a, i))) naive += 1;
        expect(businessDaysBetween(a, b)).toBe(naive);
      }),
    );
  });
});
