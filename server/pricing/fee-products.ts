/** The products a price list prices; no server-only import, so screens may use it too. */
export const FEE_PRODUCTS = [
  "pix_in_qr",
  "pix_in_key",
  "pix_in_link",
  "pix_in_due_date",
  "pix_in_automatic",
  "pix_out",
  "refund",
  "med",
] as const;
export type FeeProduct = (typeof FEE_PRODUCTS)[number];

/** The five ways money comes in: `fees set --pix-in-*` prices them together. */
export const PIX_IN_PRODUCTS = [
  "pix_in_qr",
  "pix_in_key",
  "pix_in_link",
  "pix_in_due_date",
  "pix_in_automatic",
] as const satisfies readonly FeeProduct[];

export const isFeeProduct = (value: string): value is FeeProduct => (FEE_PRODUCTS as readonly string[]).includes(value);
