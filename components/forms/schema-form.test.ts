import type { ResolverOptions } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Description } from "@/server/fields/text";
import { amountText } from "./amount";
import { issueKind } from "./issue-message";
import { blankAsAbsent, localizedResolver } from "./schema-form";

/** Every issue worded as its kind, or the reason the schema gave it. */
const describeIssue = (issue: z.core.$ZodIssue) =>
  issue.code === "custom" && typeof issue.params?.reason === "string" ? issue.params.reason : issueKind(issue);

const Form = z.object({
  amount: amountText("pt-BR"),
  note: Description,
  extra: z.object({ reference: blankAsAbsent(z.string().max(3)) }),
});

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<z.input<typeof Form>>;
const resolve = (values: unknown) => localizedResolver(Form, describeIssue)(values as never, undefined, options);

describe("the form kit's resolver", () => {
  it("gives the schema's output when every field passes (amounts in centavos, blank as absent)", async () => {
    const result = await resolve({ amount: "1.234,56", note: " Pedido 42 ", extra: { reference: " " } });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ amount: 123_456n, note: "Pedido 42", extra: { reference: undefined } });
  });

  it("words each refusal for the reader, on the field it is about, nested fields included", async () => {
    const result = await resolve({ amount: "0,00", note: "x".repeat(141), extra: { reference: "abcd" } });
    expect(result.errors.amount?.message).toBe("AMOUNT_NOT_POSITIVE");
    expect(result.errors.note?.message).toBe("tooLong");
    expect(result.errors.extra?.reference?.message).toBe("tooLong");
  });

  it("never shows the schema's English message", async () => {
    const result = await resolve({ amount: "", note: "\u0000", extra: { reference: "" } });
    expect(result.errors.amount?.message).toBe("amountRequired");
    expect(result.errors.note?.message).toBe("unsafeText");
  });
});
