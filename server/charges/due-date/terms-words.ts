/**
 * A cobv's rules in words, for a person (the dashboard's detail, the printable bill): "2% of the
 * amount once, if paid late", "1% a month, for each calendar day late", "R$ 5,00 off if paid by
 * 01/06/2027". The sentences are the messages `dueDateCharges.rules.*`; the caller brings its
 * translator and its locale's formats, so the page and the PDF say the same.
 */
import type { DueDateTerms, Hundredths } from "./terms";

export type TermsWordsFormat = {
  t: (key: string, values: Record<string, string>) => string;
  money: (cents: bigint) => string;
  /** a YYYY-MM-DD day in the locale's format */
  day: (date: string) => string;
  locale: string;
};

export type TermLine = { rule: "fine" | "interest" | "rebate" | "discount"; text: string };

/** 250n (hundredths of a percent) → "2,5" in pt-BR, "2.5" in en. */
function percent(value: Hundredths, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(Number(value) / 100);
}

/** Each rule of the terms beyond the amount, in the order a bill lists them. */
export function termLines(terms: DueDateTerms, format: TermsWordsFormat): TermLine[] {
  const { t, money, day, locale } = format;
  /** Amount modalities show money, percentage ones a number before "%". */
  const value = (hundredths: Hundredths, isAmount: boolean) =>
    isAmount ? money(hundredths) : percent(hundredths, locale);
  const lines: TermLine[] = [];
  if (terms.multa) {
    const { modalidade, valorPerc } = terms.multa;
    lines.push({ rule: "fine", text: t(`fine${modalidade}`, { value: value(valorPerc, modalidade === 1) }) });
  }
  if (terms.juros) {
    const { modalidade, valorPerc } = terms.juros;
    const isAmount = modalidade === 1 || modalidade === 5;
    lines.push({ rule: "interest", text: t(`interest${modalidade}`, { value: value(valorPerc, isAmount) }) });
  }
  if (terms.abatimento) {
    const { modalidade, valorPerc } = terms.abatimento;
    lines.push({ rule: "rebate", text: t(`rebate${modalidade}`, { value: value(valorPerc, modalidade === 1) }) });
  }
  const { desconto } = terms;
  if (desconto && "descontoDataFixa" in desconto) {
    for (const { data, valorPerc } of desconto.descontoDataFixa) {
      const text = t(`discountFixed${desconto.modalidade}`, {
        value: value(valorPerc, desconto.modalidade === 1),
        date: day(data),
      });
      lines.push({ rule: "discount", text });
    }
  } else if (desconto) {
    const isAmount = desconto.modalidade === 3 || desconto.modalidade === 4;
    lines.push({
      rule: "discount",
      text: t(`discount${desconto.modalidade}`, { value: value(desconto.valorPerc, isAmount) }),
    });
  }
  return lines;
}
