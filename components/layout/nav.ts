import {
  ActivityIcon,
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
  RefreshIcon,
  SendIcon,
  ShieldAlertIcon,
  ShieldCheckIcon,
  StoreIcon,
  UndoIcon,
  UserPlusIcon,
  WalletIcon,
  ZapIcon,
} from "@/components/ui/icons";
import type { Permission } from "@/server/auth/permissions";

/** Keys of messages `sections.*` (each has a title and a description). */
export type SectionKey =
  | "overview"
  | "charges"
  | "dueDateCharges"
  | "recurrences"
  | "paymentLinks"
  | "branding"
  | "send"
  | "pixKeys"
  | "ledger"
  | "refunds"
  | "meds"
  | "statements"
  | "fees"
  | "limits"
  | "webhooks"
  | "apiKeys"
  | "baas"
  | "sandbox"
  | "members"
  | "activity"
  | "sessions"
  | "security"
  | "admin"
  | "adminOnboarding"
  | "adminMeds"
  | "adminMerchants"
  | "adminAudit"
  | "adminReserve"
  | "adminBooks"
  | "adminFees"
  | "adminLimits"
  | "adminNetwork";

/** `excludes`: paths under `href` that are another item's (due-date charges under charges). */
/** `permission`: shown only to members whose role has it (server/auth/permissions.ts). */
export type NavItem = {
  section: SectionKey;
  href: string;
  icon: Icon;
  exact?: boolean;
  excludes?: string[];
  permission?: Permission;
};
export type NavGroup = {
  label?: "payments" | "finance" | "developers" | "team" | "sandbox" | "platform";
  items: NavItem[];
};

export const DASHBOARD_NAV: NavGroup[] = [
  { items: [{ section: "overview", href: "/overview", icon: LayoutIcon, permission: "overview.read" }] },
  {
    label: "payments",
    items: [
      {
        section: "charges",
        href: "/charges",
        icon: QrCodeIcon,
        excludes: ["/charges/due-date"],
        permission: "charges.read",
      },
      { section: "dueDateCharges", href: "/charges/due-date", icon: CalendarIcon, permission: "charges.read" },
      { section: "recurrences", href: "/recurrences", icon: RefreshIcon, permission: "charges.read" },
      { section: "paymentLinks", href: "/payment-links", icon: SendIcon, permission: "paymentLinks.read" },
      { section: "branding", href: "/branding", icon: StoreIcon, permission: "branding.manage" },
      { section: "send", href: "/send", icon: SendIcon, permission: "money.send" },
      { section: "pixKeys", href: "/pix-keys", icon: KeyRoundIcon, permission: "pixKeys.read" },
      { section: "refunds", href: "/refunds", icon: UndoIcon, permission: "refunds.read" },
      { section: "meds", href: "/meds", icon: ShieldAlertIcon, permission: "meds.read" },
    ],
  },
  {
    label: "finance",
    items: [
      { section: "ledger", href: "/ledger", icon: BookIcon, permission: "ledger.read" },
      { section: "statements", href: "/statements", icon: FileTextIcon, permission: "statements.read" },
      { section: "fees", href: "/fees", icon: WalletIcon, permission: "ledger.read" },
      { section: "limits", href: "/limits", icon: ShieldCheckIcon, permission: "ledger.read" },
    ],
  },
  {
    label: "developers",
    items: [
      { section: "webhooks", href: "/webhooks", icon: ZapIcon, permission: "webhooks.manage" },
      { section: "apiKeys", href: "/api-keys", icon: KeyIcon, permission: "apiKeys.manage" },
      { section: "baas", href: "/baas", icon: BuildingIcon, permission: "programme.read" },
    ],
  },
  {
    label: "team",
    items: [
      { section: "members", href: "/team", icon: UserPlusIcon, permission: "members.manage" },
      { section: "activity", href: "/activity", icon: ActivityIcon, permission: "activity.read" },
    ],
  },
  { items: [{ section: "security", href: "/security", icon: LockIcon }] },
];

/** The groups with only the items `allowed` permits; a group left empty goes. */
export function navFor(groups: NavGroup[], allowed: readonly Permission[]): NavGroup[] {
  return groups
    .map((group) => ({ ...group, items: group.items.filter((i) => !i.permission || allowed.includes(i.permission)) }))
    .filter((group) => group.items.length > 0);
}

/** Shown in the dashboard only while the PIX rail is the sandbox (PIX_MODE=sandbox). */
export const SANDBOX_ENTRY: NavGroup = {
  label: "sandbox",
  items: [{ section: "sandbox", href: "/sandbox", icon: FlaskIcon, permission: "sandbox.use" }],
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
      { section: "adminReserve", href: "/admin/reserve", icon: WalletIcon },
      { section: "adminBooks", href: "/admin/books", icon: BookIcon },
      { section: "adminFees", href: "/admin/fees", icon: BookIcon },
      { section: "adminLimits", href: "/admin/limits", icon: LockIcon },
      { section: "adminNetwork", href: "/admin/network", icon: ActivityIcon },
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
