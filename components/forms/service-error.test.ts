import { describe, expect, it } from "vitest";
import en from "../../messages/en";
import ptBR from "../../messages/pt-BR";
import { ERROR_CODES, ERROR_REASONS } from "../../server/errors";
import { PIX_REASON_CODES } from "../../server/pix/failure";
import { REJECTION_REASONS } from "../../server/pix/reasons";

const catalogues = { "pt-BR": ptBR.serviceErrors, en: en.serviceErrors } as const;

function missing(group: "codes" | "reasons" | "pixReasons", keys: readonly string[]) {
  return Object.entries(catalogues).flatMap(([locale, messages]) => {
    const texts = messages[group] as Record<string, string | undefined>;
    return keys.filter((key) => !texts[key]?.trim()).map((key) => `${locale}: ${group}.${key}`);
  });
}

describe("server errors in the user's language", () => {
  it("every error code a service throws has a message in pt-BR and English", () => {
    expect(ERROR_CODES.length).toBeGreaterThan(10);
    expect(missing("codes", ERROR_CODES)).toEqual([]);
  });

  it("every refusal reason has a message in pt-BR and English", () => {
    expect(missing("reasons", ERROR_REASONS)).toEqual([]);
  });

  it("every reason code the payment system answers is explained in words", () => {
    const rail = Object.keys(REJECTION_REASONS);
    expect(rail.filter((code) => !(PIX_REASON_CODES as readonly string[]).includes(code))).toEqual([]);
    expect(missing("pixReasons", [...PIX_REASON_CODES, "DICT_QUOTA", "other"])).toEqual([]);
  });

  it("pt-BR messages are not the English ones", () => {
    const same = ERROR_REASONS.filter((r) => ptBR.serviceErrors.reasons[r] === en.serviceErrors.reasons[r]);
    expect(same).toEqual([]);
  });
});
