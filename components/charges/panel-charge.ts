import type { ChargeDetailView, ChargeView } from "@/server/trpc/routers/charges";

/** A charge as the panel shows it: the QR image, sandbox flag and payment come with the detail only. */
export type PanelCharge = ChargeView & { qrCode?: string; sandbox?: boolean; payment?: ChargeDetailView["payment"] };
