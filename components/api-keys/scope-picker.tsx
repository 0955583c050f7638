"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { FieldError } from "@/components/ui/fields";
import { SCOPE_GROUPS, SCOPES, type Scope } from "@/server/apikeys/scopes";
import { scopeMessageKey } from "./scope-text";

/** A checkbox whose third state ("some of the group") is shown as indeterminate. */
function GroupCheckbox({
  checked,
  mixed,
  onChange,
  label,
}: {
  checked: boolean;
  mixed: boolean;
  onChange: () => void;
  label: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <input
      ref={ref}
      type="checkbox"
      checked={checked}
      aria-label={label}
      onChange={onChange}
      className="size-4 shrink-0 cursor-pointer accent-emerald-700"
      data-testid="scope-group-toggle"
    />
  );
}

/** The key's scopes, grouped by the surface that checks them, each group with its own "all". */
export function ScopePicker({
  selected,
  onChoose,
  error,
  errorId,
}: {
  selected: readonly Scope[];
  onChoose: (next: readonly Scope[]) => void;
  error: string | undefined;
  errorId: string;
}) {
  const t = useTranslations("apiKeys.form");
  const groupText = useTranslations("apiKeys.groups");
  const scopeText = useTranslations("apiKeys.scopes");
  const chosen = new Set<Scope>(selected);
  const inOrder = (set: Set<Scope>) => SCOPES.filter((scope) => set.has(scope));
  const toggle = (scope: Scope) => {
    const next = new Set(chosen);
    if (next.has(scope)) next.delete(scope);
    else next.add(scope);
    onChoose(inOrder(next));
  };
  const toggleGroup = (scopes: readonly Scope[], all: boolean) => {
    const next = new Set(chosen);
    for (const scope of scopes) {
      if (all) next.delete(scope);
      else next.add(scope);
    }
    onChoose(inOrder(next));
  };

  return (
    <fieldset className="space-y-2" aria-describedby={error ? errorId : undefined}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <legend className="text-sm font-medium text-slate-800">
          {t("scopes")}{" "}
          <span className="font-normal text-slate-500 tabular-nums">
            {t("scopesSelected", { count: chosen.size, total: SCOPES.length })}
          </span>
        </legend>
        <div className="flex gap-1">
          <Button variant="ghost" size="sm" onClick={() => onChoose(SCOPES)}>
            {t("selectAll")}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => onChoose([])}>
            {t("selectNone")}
          </Button>
        </div>
      </div>
      <div
        className="max-h-80 space-y-3 overflow-y-auto rounded-lg border border-slate-200 p-2"
        data-testid="scope-list"
      >
        {SCOPE_GROUPS.map((group) => {
          const count = group.scopes.filter((scope) => chosen.has(scope)).length;
          const all = count === group.scopes.length;
          const name = groupText(`${group.id}.name`);
          return (
            <fieldset key={group.id} className="space-y-1" data-testid="scope-group" data-group={group.id}>
              <legend className="sr-only">{name}</legend>
              <div className="flex items-start gap-2.5 rounded-md bg-slate-50 px-2 py-1.5">
                <span className="mt-0.5 flex">
                  <GroupCheckbox
                    checked={all}
                    mixed={count > 0 && !all}
                    onChange={() => toggleGroup(group.scopes, all)}
                    label={t("groupAll", { group: name })}
                  />
                </span>
                <span className="min-w-0">
                  <span className="block text-sm font-medium text-slate-900">
                    {name}{" "}
                    <span className="font-normal text-slate-500 tabular-nums">
                      {t("scopesSelected", { count, total: group.scopes.length })}
                    </span>
                  </span>
                  <span className="block text-xs text-slate-500">{groupText(`${group.id}.hint`)}</span>
                </span>
              </div>
              <div className="grid gap-1 sm:grid-cols-2">
                {group.scopes.map((scope) => (
                  <label
                    key={scope}
                    className={cn(
                      "flex cursor-pointer items-start gap-2.5 rounded-md px-2 py-1.5 text-sm hover:bg-slate-50",
                      chosen.has(scope) && "bg-emerald-50/50",
                    )}
                  >
                    <input
                      type="checkbox"
                      checked={chosen.has(scope)}
                      onChange={() => toggle(scope)}
                      className="mt-0.5 size-4 shrink-0 accent-emerald-700"
                      data-testid="scope-option"
                    />
                    <span className="min-w-0">
                      <span className="block font-mono text-xs text-slate-900">{scope}</span>
                      <span className="block text-xs text-slate-500">{scopeText(scopeMessageKey(scope))}</span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          );
        })}
      </div>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </fieldset>
  );
}
