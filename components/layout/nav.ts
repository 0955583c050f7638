import {
  ArrowLeftIcon,
  BookIcon,
  BuildingIcon,
  CalendarIcon,
  FileTextIcon,
  FlaskIcon,
  type Icon,
  KeyIcon,
  KeyRoundIcon,
  LayoutIcon,
  LockIcon,
  QrCodeIcon,
  SendIcon,
  ShieldAlertIcon,
  ShieldCheckIcon,
  StoreIcon,
  UndoIcon,
  UserPlusIcon,
  ZapIcon,
} from "@/components/ui/icons";

/** Keys of messages `sections.*` (each has a title and a description). */
export type SectionKey =
  | "overview"
  | "charges"
  | "dueDateCharges"
  | "paymentLinks"
  | "branding"
  | "send"
  | "pixKeys"
  | "ledger"
  | "refunds"
  | "meds"
  | "statements"
  | "webhooks"
  | "apiKeys"
  | "baas"
  | "sandbox"
  | "security"
  | "admin"
  | "adminOnboarding"
  | "adminMeds"
  | "adminMerchants"
  | "adminAudit";

/** `excludes`: paths under `href` that are another item's (due-date charges under charges). */
export type NavItem = { section: SectionKey; href: string; icon: Icon; exact?: boolean; excludes?: string[] };
export type NavGroup = { label?: "payments" | "finance" | "developers" | "sandbox" | "platform"; items: NavItem[] };

export const DASHBOARD_NAV: NavGroup[] = [
  { items: [{ section: "overview", href: "/overview", icon: LayoutIcon }] },
  {
    label: "payments",
    items: [
      { section: "charges", href: "/charges", icon: QrCodeIcon, excludes: ["/charges/due-date"] },
      { section: "dueDateCharges", href: "/charges/due-date", icon: CalendarIcon },
      { section: "paymentLinks", href: "/payment-links", icon: SendIcon },
      { section: "branding", href: "/branding", icon: StoreIcon },
      { section: "send", href: "/send", icon: SendIcon },
      { section: "pixKeys", href: "/pix-keys", icon: KeyRoundIcon },
      { section: "refunds", href: "/refunds", icon: UndoIcon },
      { section: "meds", href: "/meds", icon: ShieldAlertIcon },
    ],
  },
  {
    label: "finance",
    items: [
      { section: "ledger", href: "/ledger", icon: BookIcon },
      { section: "statements", href: "/statements", icon: FileTextIcon },
    ],
  },
  {
    label: "developers",
    items: [
      { section: "webhooks", href: "/webhooks", icon: ZapIcon },
      { section: "apiKeys", href: "/api-keys", icon: KeyIcon },
      { section: "baas", href: "/baas", icon: BuildingIcon },
    ],
  },
  { items: [{ section: "security", href: "/security", icon: LockIcon }] },
];

/** Shown in the dashboard only while the PIX rail is the sandbox (PIX_MODE=sandbox). */
export const SANDBOX_ENTRY: NavGroup = {
  label: "sandbox",
  items: [{ section: "sandbox", href: "/sandbox", icon: FlaskIcon }],
};

/** Shown in the dashboard to administrators only. */
export const ADMIN_ENTRY: NavGroup = {
  label: "platform",
  items: [{ section: "admin", href: "/admin", icon: ShieldCheckIcon }],
};

export const ADMIN_NAV: NavGroup[] = [
  {
    items: [
      { section: "admin", href: "/admin", icon: ShieldCheckIcon, exact: true },
      { section: "adminMerchants", href: "/admin/merchants", icon: StoreIcon },
      { section: "adminOnboarding", href: "/admin/onboarding", icon: UserPlusIcon },
      { section: "adminMeds", href: "/admin/meds", icon: ShieldAlertIcon },
      { section: "adminAudit", href: "/admin/audit", icon: FileTextIcon },
    ],
  },
];

export const BACK_TO_DASHBOARD = { href: "/overview", icon: ArrowLeftIcon };

export function isActive(pathname: string, item: NavItem): boolean {
  if (item.exact) return pathname === item.href;
  if (item.excludes?.some((path) => pathname === path || pathname.startsWith(`${path}/`))) return false;
  return pathname === item.href || pathname.startsWith(`${item.href}/`);
}
