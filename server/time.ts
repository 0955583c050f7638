const SAO_PAULO_DATE = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Sao_Paulo",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** `...Date` fields: YYYY-MM-DD in America/Sao_Paulo (docs/contract.md, "Time"). */
export function saoPauloDate(date: Date): string {
  return SAO_PAULO_DATE.format(date);
}

const SAO_PAULO_WALL_CLOCK = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Sao_Paulo",
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** The São Paulo wall clock at an instant, each part as written (two digits, four for the year). */
export function saoPauloWallClock(date: Date): Record<"year" | "month" | "day" | "hour" | "minute" | "second", string> {
  const parts = Object.fromEntries(SAO_PAULO_WALL_CLOCK.formatToParts(date).map((p) => [p.type, p.value]));
  return {
    year: parts.year ?? "",
    month: parts.month ?? "",
    day: parts.day ?? "",
    hour: parts.hour ?? "",
    minute: parts.minute ?? "",
    second: parts.second ?? "",
  };
}

/** "2026-11-22 14:03:05", São Paulo wall time. */
export function saoPauloDateTime(date: Date): string {
  const p = saoPauloWallClock(date);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}
