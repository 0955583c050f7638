import { withoutSession } from "@/server/auth/with-session";
import { db } from "@/server/db/client";
import { limitPageRequest } from "@/server/payment-pages/limit";
import { liveStatusStream } from "@/server/payment-pages/stream";
import { paymentPageStatus } from "@/server/payment-pages/view";

export const dynamic = "force-dynamic";

/** The payment page's live status as server-sent events (docs/decisions/0037-payment-pages.md). */
export const GET = withoutSession<{ publicId: string }>(async ({ request, params }) => {
  await limitPageRequest(request.headers);
  const status = await paymentPageStatus(db(), params.publicId);
  return liveStatusStream(params.publicId, status, request.signal);
});
