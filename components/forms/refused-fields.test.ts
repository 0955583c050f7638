import { TRPCClientError } from "@trpc/client";
import type { FieldValues } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { markRefusedFields, refusedFieldsOf } from "./refused-fields";
import type { AnyForm } from "./schema-form";

type Values = { amount: string; payer: { document: string } };

/** A form that only records what setError was told. */
function recordingForm() {
  const calls: [string, { type: string; message: string }, unknown][] = [];
  const form = { setError: (...args: (typeof calls)[number]) => calls.push(args) } as unknown as AnyForm<Values>;
  return { form, calls };
}

function procedureError(data: FieldValues | undefined) {
  return new TRPCClientError("refused", { result: { error: { data, message: "refused", code: -32600 } } });
}

describe("the fields a service refused", () => {
  it("reads FieldsRefused's fields from a procedure's error, and none from anything else", () => {
    expect(refusedFieldsOf(procedureError({ fields: ["amount", "payer.document"] }))).toEqual([
      "amount",
      "payer.document",
    ]);
    expect(refusedFieldsOf(procedureError({ fields: null }))).toEqual([]);
    expect(refusedFieldsOf(procedureError(undefined))).toEqual([]);
    expect(refusedFieldsOf(new Error("network"))).toEqual([]);
  });

  it("marks the known fields, focusing the first, and the form-wide ones above the form", () => {
    const { form, calls } = recordingForm();
    const marked = markRefusedFields(form, ["unknown", "amount", "payer.document", "recebedor"], (field) =>
      field === "unknown"
        ? null
        : { message: `bad ${field}`, path: field === "recebedor" ? null : (field as "amount" | "payer.document") },
    );
    expect(marked).toBe(true);
    expect(calls).toEqual([
      ["amount", { type: "server", message: "bad amount" }, { shouldFocus: true }],
      ["payer.document", { type: "server", message: "bad payer.document" }, { shouldFocus: false }],
      ["root.server", { type: "server", message: "bad recebedor" }],
    ]);
  });

  it("says so when it marked none", () => {
    const { form, calls } = recordingForm();
    expect(markRefusedFields(form, ["unknown"], () => null)).toBe(false);
    expect(calls).toEqual([]);
  });
});
