import { formatDocument } from "@/components/forms/document";

/** "E9999999920260101…a1b2": long ids shortened for tables, whole in the title and detail. */
export function truncateId(id: string, head = 10, tail = 4): string {
  return id.length <= head + tail + 1 ? id : `${id.slice(0, head)}…${id.slice(-tail)}`;
}

/** A PIX key as people read it: CPF and CNPJ keys with their punctuation, the others as registered. */
export function pixKeyText(type: string, key: string): string {
  return type === "CPF" || type === "CNPJ" ? formatDocument(key) : key;
}
