/** The books' words in a reader's language (the `adminBooks` messages), for the CSV and the PDF. */
import { documentIntl } from "../i18n/documents";
import { isEntryReason, REASON_MESSAGE_KEYS } from "../ledger/types";
import type { AccountType } from "./schema";

export function booksWords(locale: string | null | undefined) {
  const intl = documentIntl(locale);
  const t = (key: string, values?: Record<string, string | number>) =>
    intl.t(`adminBooks.${key}` as "adminBooks.loading", values);
  return {
    intl,
    t,
    type: (type: AccountType) => t(`types.${type}`),
    /** A product by the ledger's name for the entry reason it is known by. */
    product: (product: string) =>
      isEntryReason(product) ? intl.t(`ledger.reasons.${REASON_MESSAGE_KEYS[product]}`) : product,
  };
}

export type BooksWords = ReturnType<typeof booksWords>;
