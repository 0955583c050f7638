import type { ReactNode } from "react";
import { requireUser } from "@/server/auth/next-auth";

/** Pages made to be printed: signed in, no dashboard shell. */
export default async function PrintLayout({ children }: { children: ReactNode }) {
  await requireUser();
  return <div className="min-h-dvh bg-white">{children}</div>;
}
