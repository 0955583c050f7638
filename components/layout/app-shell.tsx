"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { CloseButton } from "@/components/ui/dialog";
import { MenuIcon } from "@/components/ui/icons";
import { Logo } from "@/components/ui/logo";
import {
  ADMIN_ENTRY,
  ADMIN_NAV,
  BACK_TO_DASHBOARD,
  DASHBOARD_NAV,
  isActive,
  type NavGroup,
  navFor,
  SANDBOX_ENTRY,
} from "./nav";
import { type ShellUser, UserPanel } from "./user-panel";

export type ShellVariant = "dashboard" | "admin";

/** Tailwind's `lg`: from here on the sidebar is always visible. */
const DESKTOP_QUERY = "(min-width: 1024px)";

function navGroupsFor(variant: ShellVariant, user: ShellUser, sandbox: boolean): NavGroup[] {
  if (variant === "admin") return ADMIN_NAV;
  const allowed = user.permissions ?? [];
  return [
    ...navFor([...DASHBOARD_NAV, ...(sandbox ? [SANDBOX_ENTRY] : [])], allowed),
    ...(user.role === "ADMIN" ? [ADMIN_ENTRY] : []),
  ];
}

function SidebarNav({
  variant,
  groups,
  pathname,
  onNavigate,
}: {
  variant: ShellVariant;
  groups: NavGroup[];
  pathname: string;
  onNavigate?: () => void;
}) {
  const t = useTranslations();
  const headingId = useId();
  return (
    <nav
      aria-label={variant === "admin" ? t("shell.adminNav") : t("shell.mainNav")}
      className="flex-1 overflow-y-auto px-3 py-4"
    >
      {variant === "admin" ? (
        <Link
          href={BACK_TO_DASHBOARD.href}
          onClick={onNavigate}
          className="mb-4 flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          <BACK_TO_DASHBOARD.icon className="size-4" />
          {t("shell.backToDashboard")}
        </Link>
      ) : null}
      <div className="space-y-6">
        {groups.map((group, index) => (
          <div key={group.label ?? index}>
            {group.label ? (
              <h2
                id={`${headingId}-${group.label}`}
                className="mb-1.5 px-3 text-[0.6875rem] font-semibold tracking-wider text-slate-500 uppercase"
              >
                {t(`shell.groups.${group.label}`)}
              </h2>
            ) : null}
            <ul className="space-y-0.5" aria-labelledby={group.label ? `${headingId}-${group.label}` : undefined}>
              {group.items.map((item) => {
                const active = isActive(pathname, item);
                return (
                  <li key={item.href}>
                    <Link
                      href={item.href}
                      onClick={onNavigate}
                      aria-current={active ? "page" : undefined}
                      className={cn(
                        "group flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors",
                        active
                          ? "bg-emerald-50 text-emerald-800"
                          : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
                      )}
                    >
                      <item.icon
                        className={cn(
                          "size-[1.125rem] shrink-0",
                          active ? "text-emerald-700" : "text-slate-500 group-hover:text-slate-700",
                        )}
                      />
                      {t(`sections.${item.section}.title`)}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </div>
    </nav>
  );
}

export function AppShell({
  variant,
  user,
  appName,
  sandbox = false,
  children,
}: {
  variant: ShellVariant;
  user: ShellUser;
  appName: string;
  /** the PIX rail is the sandbox: the Sandbox page is in the menu */
  sandbox?: boolean;
  children: ReactNode;
}) {
  const t = useTranslations("shell");
  const pathname = usePathname();
  const groups = navGroupsFor(variant, user, sandbox);
  const [menuOpen, setMenuOpen] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const drawerId = useId();
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  // The drawer is a modal <dialog>: focus trap, Escape and inert page come with it.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (menuOpen && !dialog.open) dialog.showModal();
    if (!menuOpen && dialog.open) dialog.close();
  }, [menuOpen]);

  // Growing past the phone layout closes the drawer; the sidebar takes over.
  useEffect(() => {
    const query = window.matchMedia(DESKTOP_QUERY);
    const onChange = () => query.matches && setMenuOpen(false);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);

  const logo = (
    <Link href={variant === "admin" ? "/admin" : "/overview"} className="rounded-md">
      <Logo name={appName} />
    </Link>
  );
  const adminBadge =
    variant === "admin" ? (
      <Badge tone="accent" className="ml-1">
        {t("adminBadge")}
      </Badge>
    ) : null;

  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white text-sm font-medium text-emerald-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:px-4 focus:py-2"
      >
        {t("skipToContent")}
      </a>

      {/* Desktop sidebar */}
      <aside
        data-testid="sidebar"
        className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r border-slate-200 bg-white lg:flex"
      >
        <div className="flex h-16 shrink-0 items-center gap-1 border-b border-slate-100 px-5">
          {logo}
          {adminBadge}
        </div>
        <SidebarNav variant={variant} groups={groups} pathname={pathname} />
        <UserPanel user={user} />
      </aside>

      {/* Phone and tablet top bar */}
      <header className="sticky top-0 z-30 flex h-14 items-center justify-between gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur lg:hidden">
        <div className="flex items-center gap-1">
          {logo}
          {adminBadge}
        </div>
        <button
          ref={menuButtonRef}
          type="button"
          data-testid="menu-button"
          onClick={() => setMenuOpen(true)}
          aria-expanded={menuOpen}
          aria-controls={drawerId}
          aria-label={t("openMenu")}
          className="-mr-1 inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
        >
          <MenuIcon className="size-6" />
        </button>
      </header>

      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the click only catches the backdrop; Escape closes natively */}
      <dialog
        ref={dialogRef}
        id={drawerId}
        aria-label={t("mainNav")}
        data-testid="mobile-nav"
        onClose={() => {
          setMenuOpen(false);
          menuButtonRef.current?.focus();
        }}
        onClick={(event) => {
          // A click on the backdrop lands on the <dialog> itself.
          if (event.target === event.currentTarget) closeMenu();
        }}
        className="fixed inset-y-0 left-0 m-0 h-dvh max-h-none w-[min(20rem,86vw)] max-w-none bg-white p-0 shadow-xl open:flex open:flex-col lg:hidden"
      >
        <div className="flex h-14 shrink-0 items-center justify-between border-b border-slate-100 px-4">
          <div className="flex items-center gap-1">
            <Logo name={appName} />
            {adminBadge}
          </div>
          <CloseButton label={t("closeMenu")} onClick={closeMenu} className="-mr-1" />
        </div>
        {/* Mounted only while open, so the page never holds two copies of the nav and its controls. */}
        {menuOpen ? (
          <>
            <SidebarNav variant={variant} groups={groups} pathname={pathname} onNavigate={closeMenu} />
            <UserPanel user={user} />
          </>
        ) : null}
      </dialog>

      <main id="main" tabIndex={-1} className="outline-none lg:pl-64">
        <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8 lg:px-10 lg:py-10">{children}</div>
      </main>
    </div>
  );
}
