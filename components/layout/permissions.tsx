"use client";

import { createContext, type ReactNode, useContext } from "react";
import type { Permission } from "@/server/auth/permissions";

/**
 * What the member's role allows in the organisation they act in, as the dashboard layout read it
 * from the one permission table (server/auth/permissions.ts): the navigation hides the sections,
 * and every screen hides the write actions the role lacks with `useCan` (the doors refuse them
 * anyway). Outside a provider nothing is allowed.
 */
const PermissionsContext = createContext<readonly Permission[]>([]);

export function PermissionsProvider({
  permissions,
  children,
}: {
  permissions: readonly Permission[];
  children: ReactNode;
}) {
  return <PermissionsContext.Provider value={permissions}>{children}</PermissionsContext.Provider>;
}

export function useCan(permission: Permission): boolean {
  return useContext(PermissionsContext).includes(permission);
}

/** Its children only when the member's role has `permission`. */
export function Can({ permission, children }: { permission: Permission; children: ReactNode }) {
  return useCan(permission) ? children : null;
}
