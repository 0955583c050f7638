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
