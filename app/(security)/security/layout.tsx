import type { ReactNode } from "react";
import { MerchantShell } from "@/app/merchant-shell";
import { requireSignedIn } from "@/server/auth/next-auth";
import { memberOfSession } from "@/server/auth/tenant";

/**
 * The security page has its own layout: it is the one page open to a user who must still enrol a
 * second factor (every other layout sends them here), the organisation switcher included.
 */
export default async function SecurityLayout({ children }: { children: ReactNode }) {
  const user = await requireSignedIn();
  // The switcher stays: a member held here by one organisation's requirement may act in another.
  return (
    <MerchantShell user={user} member={memberOfSession(user)}>
      {children}
    </MerchantShell>
  );
}
