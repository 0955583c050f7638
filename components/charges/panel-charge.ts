import type { ChargeView } from "@/server/trpc/routers/charges";

/** A charge as the panel shows it: the QR image and sandbox flag come with the detail only. */
export type PanelCharge = ChargeView & { qrCode?: string; sandbox?: boolean };
