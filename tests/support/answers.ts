/** Assertions on what the account surface answers, shared by the tests of its routes. */
import { expect } from "vitest";

/** A failure nobody foresaw: the bare 500 body, with nothing of `detail` (the cause's text) in it. */
export function expectInternalError(res: { status: number; json: unknown; text: string }, detail: string, label = "") {
  expect(res.status, label).toBe(500);
  expect(res.json, label).toMatchObject({
    success: false,
    status: 500,
    code: "INTERNAL_ERROR",
    message: "Internal server error",
  });
  expect(res.text, label).not.toContain(detail);
}
