"use client";

import { useTranslations } from "next-intl";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { CheckForm } from "./check-form";
import { isStepUpRequired } from "./second-factor-client";

type StepUp = {
  /**
   * For a mutation's error: when the action needs a fresh check, asks for it and then calls
   * `retry`; answers whether it took the error over.
   */
  handle: (error: unknown, retry: () => void) => boolean;
  /**
   * Runs `attempt` (a mutation given its onError); a step-up refusal asks for the check and runs
   * it again, any other error goes to `onError`.
   */
  run: (attempt: (onError: (error: unknown) => void) => void, onError: (error: unknown) => void) => void;
};

function runWith(handle: StepUp["handle"]): StepUp["run"] {
  return (attempt, onError) => {
    const go = () =>
      attempt((error) => {
        if (!handle(error, go)) onError(error);
      });
    go();
  };
}

const StepUpContext = createContext<StepUp>({ handle: () => false, run: runWith(() => false) });

export const useStepUp = () => useContext(StepUpContext);

/** The step-up dialog of the signed-in pages (decision 0044); `enrolled`: the user has a second factor. */
export function StepUpProvider({ enrolled, children }: { enrolled: boolean; children: ReactNode }) {
  const t = useTranslations("security.stepUp");
  const [retry, setRetry] = useState<(() => void) | null>(null);
  const handle = useCallback((error: unknown, next: () => void) => {
    if (!isStepUpRequired(error)) return false;
    setRetry(() => next);
    return true;
  }, []);
  const value = useMemo(() => ({ handle, run: runWith(handle) }), [handle]);
  return (
    <StepUpContext.Provider value={value}>
      {children}
      <Dialog
        open={retry !== null}
        onClose={() => setRetry(null)}
        title={t("title")}
        description={enrolled ? t("withFactor") : t("withPassword")}
        testId="step-up-dialog"
      >
        <CheckForm
          withPassword={!enrolled}
          submitLabel={t("submit")}
          onConfirmed={() => {
            const next = retry;
            setRetry(null);
            next?.();
          }}
        />
      </Dialog>
    </StepUpContext.Provider>
  );
}
