import { randomBytes } from "node:crypto";
import type { DirectoryEntry } from "./directory-entry";
import { type SigningIdentity, signXml } from "./signing";
import { buildXml, type XmlNode } from "./xml";

/** The XML bodies of the DICT API 1.8.0 responses, each signed with a root-level enveloped XMLDSig Signature. */

export const PROBLEM_NAMESPACE = "urn:ietf:rfc:7807";
const PROBLEM_TYPE_BASE = "https://dict.pi.rsfn.net.br/api/v1/error/";

export interface DictAnswer {
  status: number;
  body: string;
  contentType: "application/xml" | "application/problem+xml";
  headers?: Record<string, string>;
}

export function correlationId(): string {
  return randomBytes(16).toString("hex");
}

/** A response document: its root, ResponseTime and CorrelationId first, then the content, signed. */
export function signedResponse(
  identity: SigningIdentity,
  rootName: string,
  content: XmlNode,
  status = 200,
  headers?: Record<string, string>,
): DictAnswer {
  const xml = buildXml(rootName, {
    ResponseTime: new Date().toISOString(),
    CorrelationId: correlationId(),
    ...content,
  });
  return {
    status,
    body: signXml(xml, identity, "dict-document"),
    contentType: "application/xml",
    ...(headers ? { headers } : {}),
  };
}

export interface Violation {
  reason: string;
  value?: string;
  property?: string;
}

/** The problem types this simulator answers (the DICT API's error types), with their titles. */
export const PROBLEMS = {
  BadRequest: "Bad Request",
  Forbidden: "Forbidden",
  NotFound: "Not found",
  RateLimited: "Rate limited",
  ServiceUnavailable: "Service Unavailable",
  RequestSignatureInvalid: "Request signature is invalid",
  RequestIdAlreadyUsed: "RequestId already used",
  EntryInvalid: "Entry is invalid",
  EntryLimitExceeded: "Entry limit exceeded",
  EntryAlreadyExists: "Entry already exists",
  EntryCannotBeQueriedForBookTransfer: "Entry cannot be queried for book transfer",
  EntryKeyOwnedByDifferentPerson: "Entry key owned by different person",
  EntryKeyInCustodyOfDifferentParticipant: "Entry key in custody of different participant",
  EntryTaxIdNumberByDifferentOwner: "Entry tax id number by different owner",
  InfractionReportInvalid: "InfractionReport is invalid",
  InfractionReportOperationInvalid: "InfractionReport operation is invalid",
  InfractionReportTransactionNotFound: "InfractionReport transaction not found",
  InfractionReportTransactionNotSettled: "InfractionReport transaction not settled",
  InfractionReportAlreadyBeingProcessedForTransaction: "InfractionReport already being processed for transaction",
  RefundOperationInvalid: "Refund operation is invalid",
  RefundTransactionNotFound: "Refund transaction not found",
  RefundTransactionNotSettled: "Refund transaction not settled",
  RefundAlreadyProcessedForTransaction: "Refund already processed for transaction",
} as const;

export type ProblemType = keyof typeof PROBLEMS;

/** An RFC 7807 problem in XML, signed like any other DICT response. */
export function signedProblem(
  identity: SigningIdentity,
  status: number,
  type: ProblemType,
  detail?: string,
  violations: Violation[] = [],
  headers?: Record<string, string>,
): DictAnswer {
  const xml = buildXml("problem", {
    "@_xmlns": PROBLEM_NAMESPACE,
    type: `${PROBLEM_TYPE_BASE}${type}`,
    title: PROBLEMS[type],
    status: String(status),
    ...(detail ? { detail } : {}),
    correlationId: correlationId(),
    ...(violations.length > 0
      ? {
          violations: {
            violation: violations.map((violation) => ({
              reason: violation.reason,
              ...(violation.value !== undefined ? { value: violation.value } : {}),
              ...(violation.property ? { property: violation.property } : {}),
            })),
          },
        }
      : {}),
  });
  return {
    status,
    body: signXml(xml, identity, "dict-document"),
    contentType: "application/problem+xml",
    ...(headers ? { headers } : {}),
  };
}

/** The tamper fault: one field changed after signing, so that the signature no longer verifies. */
export function tampered(body: string): string {
  for (const field of ["AccountNumber", "Key", "ResponseTime", "title"]) {
    const pattern = new RegExp(`<${field}>([^<]*)</${field}>`);
    const match = pattern.exec(body);
    if (!match) continue;
    const value = match[1] as string;
    const last = value.at(-1) ?? "";
    const changed = /[0-8]/.test(last) ? `${value.slice(0, -1)}${Number(last) + 1}` : `${value.slice(0, -1)}0`;
    return body.replace(pattern, `<${field}>${changed === value ? `${value}x` : changed}</${field}>`);
  }
  return body.replace("</", " </");
}

export function entryElement(entry: DirectoryEntry): XmlNode {
  return {
    Key: entry.key,
    KeyType: entry.keyType,
    Account: {
      Participant: entry.account.participant,
      ...(entry.account.branch !== undefined ? { Branch: entry.account.branch } : {}),
      AccountNumber: entry.account.accountNumber,
      AccountType: entry.account.accountType,
      OpeningDate: entry.account.openingDate,
    },
    Owner: {
      Type: entry.owner.type,
      TaxIdNumber: entry.owner.taxIdNumber,
      Name: entry.owner.name,
      ...(entry.owner.tradeName ? { TradeName: entry.owner.tradeName } : {}),
    },
    CreationDate: entry.creationDate,
    KeyOwnershipDate: entry.keyOwnershipDate,
  };
}

/** The DICT's quantised scale for settlement counters: 0, 1, 5, 10, 50, 100, 500, … rounded up. */
export function quantised(count: number): number {
  if (count <= 0) return 0;
  let step = 1;
  for (;;) {
    if (count <= step) return step;
    if (count <= step * 5) return step * 5;
    step *= 10;
  }
}

export interface EntryCounts {
  settlements: { d3: number; d30: number; m6: number };
  reportedFrauds: { d3: number; d30: number; m6: number };
  confirmedFrauds: { d3: number; d30: number; m6: number };
  rejected: { d3: number; d30: number; m6: number };
}

/** Statistics of an entry: the same counts by key, owner and account (the simulator keeps them per key). */
export function statisticsElement(counts: EntryCounts): XmlNode {
  const counters: XmlNode[] = [];
  const kinds = [
    ["SETTLEMENTS", counts.settlements, true],
    ["REPORTED_FRAUDS", counts.reportedFrauds, false],
    ["CONFIRMED_FRAUDS", counts.confirmedFrauds, false],
    ["REJECTED", counts.rejected, false],
  ] as const;
  for (const [type, windows, quantise] of kinds) {
    for (const by of ["KEY", "OWNER", "ACCOUNT"]) {
      const value = (count: number) => String(quantise ? quantised(count) : count);
      counters.push({
        "@_type": type,
        "@_by": by,
        "@_d3": value(windows.d3),
        "@_d30": value(windows.d30),
        "@_m6": value(windows.m6),
      });
    }
  }
  return { LastUpdated: new Date().toISOString(), Counters: { Counter: counters } };
}
