import { createLoader } from "nuqs";
import { describe, expect, it } from "vitest";
import { formatDocument } from "@/components/forms/document";
import { listHref } from "@/components/ui/detail-list";
import { LIST_PAGING, parseAsDay } from "./list-state";

describe("a list's state in the URL", () => {
  const load = createLoader({ ...LIST_PAGING, from: parseAsDay });

  it("reads the page, the page size and a day", () => {
    expect(load("?page=3&limit=50&from=2026-01-31")).toEqual({ page: 3, limit: 50, from: "2026-01-31" });
  });

  it("falls back to the first page and the default size, and drops a malformed day", () => {
    expect(load("?page=0&limit=7&from=31/01/2026")).toEqual({ page: 1, limit: 20, from: null });
    expect(load("?page=-2&limit=abc")).toEqual({ page: 1, limit: 20, from: null });
    expect(load("?page=1.5")).toMatchObject({ page: 1 });
  });
});

describe("the way back to a list", () => {
  it("keeps the list's query", () => {
    expect(listHref("/meds", "status=accepted&page=2")).toBe("/meds?status=accepted&page=2");
    expect(listHref("/meds", undefined)).toBe("/meds");
    expect(listHref("/meds", "")).toBe("/meds");
  });
});

describe("documents", () => {
  it("punctuates a CPF and a CNPJ, and leaves anything else as it came", () => {
    expect(formatDocument("12345678909")).toBe("123.456.789-09");
    expect(formatDocument("11222333000181")).toBe("11.222.333/0001-81");
    expect(formatDocument("123")).toBe("123");
  });
});
