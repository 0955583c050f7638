/**
 * Which product a fee was paid for. Until the price lists say how an entry's product is known,
 * the fee revenue is grouped by the entry's reason (interface 2.2), which the screens and files
 * name with the ledger's own words for it.
 */
export function productOf(reason: string): string {
  return reason;
}
