/** The payment page's view as the server component hands it to the browser (amounts as strings). */
import type { PageDue, PageStatus } from "@/server/payment-pages/view";

export type { PageStatus };

/** A due-date charge's date and amounts (server/payment-pages/view.ts), every one a string. */
export type PageDueProps = Record<keyof PageDue, string>;

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
