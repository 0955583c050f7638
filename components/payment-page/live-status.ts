"use client";

import { useEffect, useState } from "react";
import type { PageStatus } from "./types";

/**
 * The page's status as the server's event stream tells it (docs/decisions/0037-payment-pages.md):
 * the browser's EventSource reconnects by itself; the stream is closed here once the status is final.
 */
export function useLiveStatus(publicId: string, initial: PageStatus): PageStatus {
  const [status, setStatus] = useState(initial);
  useEffect(() => {
    if (initial !== "open") return;
    const source = new EventSource(`/c/${publicId}/events`);
    source.addEventListener("status", (event) => {
      const next = (JSON.parse((event as MessageEvent<string>).data) as { status: PageStatus }).status;
      setStatus(next);
      if (next !== "open") source.close();
    });
    return () => source.close();
  }, [publicId, initial]);
  return status;
}
