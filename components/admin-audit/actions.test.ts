import { describe, expect, it } from "vitest";
import en from "../../messages/en";
import ptBR from "../../messages/pt-BR";
import { AUDIT_ACTIONS, auditActionKey } from "../../server/audit/actions";

const catalogues = { "pt-BR": ptBR.adminAudit.actions, en: en.adminAudit.actions } as const;

describe("audit actions in the admin's language", () => {
  it("every action the audit log records has a label in pt-BR and English", () => {
    expect(AUDIT_ACTIONS.length).toBeGreaterThan(5);
    const missing = Object.entries(catalogues).flatMap(([locale, labels]) =>
      AUDIT_ACTIONS.filter(
        (action) => !(labels as Record<string, string | undefined>)[auditActionKey(action)]?.trim(),
      ).map((action) => `${locale}: ${action}`),
    );
    expect(missing).toEqual([]);
  });

  it("labels no action the log does not know", () => {
    const known = new Set<string>(AUDIT_ACTIONS.map(auditActionKey));
    for (const labels of Object.values(catalogues))
      expect(Object.keys(labels).filter((key) => !known.has(key))).toEqual([]);
  });
});
