import { withoutSession } from "@/server/auth/with-session";

export const dynamic = "force-dynamic";

/** Liveness for a load balancer or orchestrator: the process answers; nothing else is asked. */
export const GET = withoutSession(() =>
  Response.json({ status: "live" }, { status: 200, headers: { "cache-control": "no-store" } }),
);
