import type { ClassValue } from "clsx";
import Link from "next/link";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";
import { ArrowLeftIcon, type Icon, SpinnerIcon, TrashIcon } from "./icons";

/**
 * `cn` does not resolve Tailwind conflicts (two classes for the same property are ordered by the
 * stylesheet, not by the caller), so whatever callers vary — colours, height, padding — is a
 * variant or a size here, and a caller's `className` only adds classes these do not set (width,
 * margin, order...).
 */
type Variant = "primary" | "secondary" | "ghost" | "ghost-accent" | "ghost-danger" | "danger";
type Size = "sm" | "compact" | "md" | "lg" | "icon";

const VARIANTS: Record<Variant, string> = {
  primary: "bg-emerald-700 text-white shadow-sm hover:bg-emerald-800 active:bg-emerald-900",
  secondary: "border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50 active:bg-slate-100",
  ghost: "text-slate-700 hover:bg-slate-100 hover:text-slate-900 active:bg-slate-200",
  /** a quiet action that adds something (e.g. "+ Add IP") */
  "ghost-accent": "text-emerald-800 hover:bg-slate-100 hover:text-emerald-900 active:bg-slate-200",
  /** a quiet destructive action (e.g. a row's revoke icon) */
  "ghost-danger": "text-red-700 hover:bg-red-50 hover:text-red-800 active:bg-red-100",
  danger: "bg-red-600 text-white shadow-sm hover:bg-red-700 active:bg-red-800",
};

const SIZES: Record<Size, string> = {
  sm: "h-8 gap-1.5 rounded-md px-3 text-sm",
  /** `sm` at the height of the compact controls beside it (the sidebar's language select) */
  compact: "h-9 gap-1.5 rounded-md px-3 text-sm",
  md: "h-10 gap-2 rounded-lg px-4 text-sm",
  lg: "h-11 gap-2 rounded-lg px-5 text-base",
  /** a square button holding one icon (give it an aria-label) */
  icon: "size-8 rounded-md",
};

export function buttonClasses({ variant = "primary", size = "md" }: { variant?: Variant; size?: Size } = {}) {
  return cn(
    "inline-flex shrink-0 items-center justify-center font-medium whitespace-nowrap transition-colors",
    "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2",
    "disabled:pointer-events-none disabled:opacity-60",
    VARIANTS[variant],
    SIZES[size],
  );
}

export type ButtonProps = ComponentProps<"button"> & { variant?: Variant; size?: Size; loading?: boolean };

export function Button({ variant, size, loading = false, className, children, disabled, type, ...props }: ButtonProps) {
  return (
    <button
      type={type ?? "button"}
      className={cn(buttonClasses({ variant, size }), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? <SpinnerIcon className="size-4 animate-spin" /> : null}
      {children}
    </button>
  );
}

export type ButtonLinkProps = ComponentProps<typeof Link> & { variant?: Variant; size?: Size };

export function ButtonLink({ variant, size, className, ...props }: ButtonLinkProps) {
  return <Link className={cn(buttonClasses({ variant, size }), className)} {...props} />;
}

/** A page's way back to the page it sits under, above its header; the icon lines up with the page's edge. */
export function BackButtonLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <ButtonLink href={href} variant="ghost" size="sm" className="-ml-3">
      <ArrowLeftIcon className="size-4" />
      {children}
    </ButtonLink>
  );
}

/** A square button holding one icon, named by `label` (for screen readers and on hover). */
export function IconButton({
  label,
  icon: IconComponent,
  variant = "ghost",
  iconClassName,
  ...props
}: Omit<ButtonProps, "size" | "children" | "title" | "aria-label"> & {
  label: string;
  icon: Icon;
  iconClassName?: ClassValue;
}) {
  return (
    <Button variant={variant} size="icon" aria-label={label} title={label} {...props}>
      <IconComponent className={cn("size-4", iconClassName)} />
    </Button>
  );
}

/** The bin icon that deletes one item of a list; `label` names the item. */
export function DeleteButton(props: Omit<ComponentProps<typeof IconButton>, "icon" | "variant">) {
  return <IconButton icon={TrashIcon} variant="ghost-danger" {...props} />;
}
