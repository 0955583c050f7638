/** The books' words in a reader's language (the `adminBooks` messages), for the CSV and the PDF. */
import { documentIntl } from "../i18n/documents";
import { isFeeProduct } from "../pricing/products";
import { OTHER } from "./fees";
import type { AccountType } from "./schema";

export function booksWords(locale: string | null | undefined) {
  const intl = documentIntl(locale);
  const t = (key: string, values?: Record<string, string | number>) =>
    intl.t(`adminBooks.${key}` as "adminBooks.loading", values);
  return {
    intl,
    t,
    type: (type: AccountType) => t(`types.${type}`),
    /** A fee product (server/pricing/products.ts), or "other". */
    product: (product: string) => (product === OTHER || isFeeProduct(product) ? t(`products.${product}`) : product),
  };
}

export type BooksWords = ReturnType<typeof booksWords>;
