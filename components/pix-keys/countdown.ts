"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";

/**
 * Seconds left until `deadline` (epoch ms), ticking every second; 0 once it has passed.
 * `deadline` null means nothing to wait for.
 */
export function useSecondsLeft(deadline: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (deadline === null || deadline <= Date.now()) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= deadline) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** "9 min 58 s" in the reader's language. */
export function useDuration() {
  const t = useTranslations("pixKeys");
  return (seconds: number) => t("duration", { minutes: Math.floor(seconds / 60), seconds: seconds % 60 });
}
