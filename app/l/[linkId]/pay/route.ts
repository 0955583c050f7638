import { withoutSession } from "@/server/auth/with-session";
import { db } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { LinkVisitInput } from "@/server/payment-links/schema";
import { chargeForVisit, LINK_CHARGE_SECONDS, VISIT_TOKEN_PATTERN } from "@/server/payment-links/visit";
import { visitCookie } from "@/server/payment-links/visit-cookie";
import { limitPageRequest } from "@/server/payment-pages/limit";

export const dynamic = "force-dynamic";

/** A path, not a URL: the host a handler sees may not be the one the browser used (and CSP form-action checks it). */
const seeOther = (location: string) => new Response(null, { status: 303, headers: { location } });

const back = (linkId: string, reason: string) => seeOther(`/l/${linkId}?error=${encodeURIComponent(reason)}`);

/**
 * The link's form: the visit's charge (the one already made on this visit, or a fresh one), then
 * its payment page. A refusal goes back to the link with its reason; the form keeps nothing.
 */
export const POST = withoutSession<{ linkId: string }>(async ({ request, params }) => {
  await limitPageRequest(request.headers);
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
  };
  const visit = text("visit") ?? "";
  if (!VISIT_TOKEN_PATTERN.test(visit)) return back(params.linkId, "invalidInput");
  const amountText = text("amount")?.replace(/\./g, "").replace(",", ".");
  const parsed = LinkVisitInput.safeParse({
    amount: amountText === undefined ? undefined : Number(amountText),
    name: text("name"),
    document: text("document"),
    email: text("email"),
  });
  if (!parsed.success) return back(params.linkId, "invalidInput");
  try {
    const charge = await chargeForVisit(db(), params.linkId, visit, parsed.data);
    const response = seeOther(`/c/${charge.publicId}`);
    response.headers.append("set-cookie", visitCookie(params.linkId, visit, LINK_CHARGE_SECONDS));
    return response;
  } catch (error) {
    if (error instanceof AppError && error.status < 500 && error.status !== 404 && error.status !== 429) {
      return back(params.linkId, error.reason ?? "invalidInput");
    }
    throw error;
  }
});
