/** The payment page's view as the server component hands it to the browser (amounts as strings). */
export type PageStatus = "open" | "paid" | "expired" | "cancelled";

export type PageDueProps = {
  dueDate: string;
  originalCents: string;
  multaCents: string;
  jurosCents: string;
  descontoCents: string;
  abatimentoCents: string;
};

export type PaymentPageProps = {
  publicId: string;
  status: PageStatus;
  merchantName: string;
  description: string | null;
  amountCents: string;
  due: PageDueProps | null;
  emv: string | null;
  qrCode: string | null;
  expiresAt: string;
  /** #rrggbb, the merchant's accent colour (branding); null for the platform's */
  accent: string | null;
  logoUrl: string | null;
};
