/** Field rules of the operators' changes to a user's access (back office and CLI), browser-safe. */
import { z } from "zod";
import { Uuid } from "../fields/ids";

/** Roles a dashboard user can be given (programme customers never sign in). */
export const DASHBOARD_ROLES = ["MERCHANT", "ADMIN"] as const;
export type DashboardRole = (typeof DASHBOARD_ROLES)[number];

export const UserRoleChange = z.object({ userId: Uuid, role: z.enum(DASHBOARD_ROLES) });
export const UserPasswordReset = z.object({ userId: Uuid });
