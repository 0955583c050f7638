import { randomUUID } from "node:crypto";
import type { XmlNode } from "./xml";

/**
 * The DICT's infraction reports and refund requests (MED), as the DICT API 1.8.0 names them: a
 * report is filed by the debited or the credited participant of a transaction; the other one
 * acknowledges it and closes it with an AnalysisResult. A refund is requested by one participant
 * (RequestingParticipant) and answered by the other (ContestedParticipant) with closeRefund.
 */

export const INFRACTION_TYPES = ["FRAUD", "REFUND_REQUEST", "REFUND_CANCELLED"] as const;
export type InfractionType = (typeof INFRACTION_TYPES)[number];
export type InfractionReportStatus = "OPEN" | "ACKNOWLEDGED" | "CLOSED" | "CANCELLED";
export const INFRACTION_REPORT_STATUSES: readonly InfractionReportStatus[] = [
  "OPEN",
  "ACKNOWLEDGED",
  "CLOSED",
  "CANCELLED",
];
export type AnalysisResult = "AGREED" | "DISAGREED";
export type ReportedBy = "DEBITED_PARTICIPANT" | "CREDITED_PARTICIPANT";

export interface InfractionReport {
  id: string;
  transactionId: string;
  infractionType: InfractionType;
  reportedBy: ReportedBy;
  reportDetails?: string;
  status: InfractionReportStatus;
  debitedParticipant: string;
  creditedParticipant: string;
  creationTime: string;
  lastModified: string;
  analysisResult?: AnalysisResult;
  analysisDetails?: string;
}

export const REFUND_REASONS = ["FRAUD", "OPERATIONAL_FLAW", "REFUND_CANCELLED"] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export type RefundStatus = "OPEN" | "CLOSED" | "CANCELLED";
export const REFUND_STATUSES: readonly RefundStatus[] = ["OPEN", "CLOSED", "CANCELLED"];
export const REFUND_ANALYSIS_RESULTS = ["TOTALLY_ACCEPTED", "PARTIALLY_ACCEPTED", "REJECTED"] as const;
export type RefundAnalysisResult = (typeof REFUND_ANALYSIS_RESULTS)[number];

export interface RefundRequest {
  id: string;
  transactionId: string;
  refundReason: RefundReason;
  refundAmount: string;
  refundDetails?: string;
  status: RefundStatus;
  requestingParticipant: string;
  contestedParticipant: string;
  infractionReportId?: string;
  creationTime: string;
  lastModified: string;
  analysisResult?: RefundAnalysisResult;
  analysisDetails?: string;
  rejectionReason?: string;
  refundTransactionId?: string;
}

export interface ListFilter {
  modifiedAfter?: string;
  modifiedBefore?: string;
  statuses?: string[];
  limit: number;
}

/** Modification times strictly increase, so that ModifiedAfter never loses a change made in the same millisecond. */
class Clock {
  private last = 0;
  now(): string {
    this.last = Math.max(Date.now(), this.last + 1);
    return new Date(this.last).toISOString();
  }
}

function listed<T extends { lastModified: string; status: string }>(items: T[], filter: ListFilter) {
  const after = filter.modifiedAfter ? Date.parse(filter.modifiedAfter) : undefined;
  const before = filter.modifiedBefore ? Date.parse(filter.modifiedBefore) : undefined;
  const matching = items
    .filter((item) => after === undefined || Date.parse(item.lastModified) >= after)
    .filter((item) => before === undefined || Date.parse(item.lastModified) <= before)
    .filter((item) => !filter.statuses?.length || filter.statuses.includes(item.status))
    .sort((a, b) => a.lastModified.localeCompare(b.lastModified));
  return { items: matching.slice(0, filter.limit), hasMore: matching.length > filter.limit };
}

export class InfractionStore {
  private readonly clock = new Clock();
  readonly reports = new Map<string, InfractionReport>();
  readonly refunds = new Map<string, RefundRequest>();

  fileReport(fields: {
    transactionId: string;
    infractionType: InfractionType;
    reporter: string;
    debitedParticipant: string;
    creditedParticipant: string;
    reportDetails?: string;
  }): InfractionReport {
    const now = this.clock.now();
    const report: InfractionReport = {
      id: randomUUID(),
      transactionId: fields.transactionId,
      infractionType: fields.infractionType,
      reportedBy: fields.reporter === fields.debitedParticipant ? "DEBITED_PARTICIPANT" : "CREDITED_PARTICIPANT",
      ...(fields.reportDetails ? { reportDetails: fields.reportDetails } : {}),
      status: "OPEN",
      debitedParticipant: fields.debitedParticipant,
      creditedParticipant: fields.creditedParticipant,
      creationTime: now,
      lastModified: now,
    };
    this.reports.set(report.id, report);
    return report;
  }

  /** An open (or acknowledged) report on the same transaction: the DICT keeps one at a time. */
  openReportOn(transactionId: string): InfractionReport | undefined {
    return [...this.reports.values()].find(
      (report) =>
        report.transactionId === transactionId && (report.status === "OPEN" || report.status === "ACKNOWLEDGED"),
    );
  }

  /** The participant's side of a report: the one who did not file it. */
  counterpartOf(report: InfractionReport): string {
    return report.reportedBy === "DEBITED_PARTICIPANT" ? report.creditedParticipant : report.debitedParticipant;
  }

  listReports(participant: string, side: { debited?: boolean; credited?: boolean }, filter: ListFilter) {
    const mine = [...this.reports.values()].filter(
      (report) =>
        (side.debited !== true || report.debitedParticipant === participant) &&
        (side.credited !== true || report.creditedParticipant === participant) &&
        (report.debitedParticipant === participant || report.creditedParticipant === participant),
    );
    return listed(mine, filter);
  }

  acknowledge(report: InfractionReport): InfractionReport {
    if (report.status === "OPEN") {
      report.status = "ACKNOWLEDGED";
      report.lastModified = this.clock.now();
    }
    return report;
  }

  close(report: InfractionReport, result: AnalysisResult, details?: string): InfractionReport {
    report.status = "CLOSED";
    report.analysisResult = result;
    if (details) report.analysisDetails = details;
    report.lastModified = this.clock.now();
    return report;
  }

  cancel(report: InfractionReport): InfractionReport {
    report.status = "CANCELLED";
    report.lastModified = this.clock.now();
    return report;
  }

  requestRefund(fields: {
    transactionId: string;
    refundReason: RefundReason;
    refundAmount: string;
    refundDetails?: string;
    requestingParticipant: string;
    contestedParticipant: string;
    infractionReportId?: string;
  }): RefundRequest {
    const now = this.clock.now();
    const refund: RefundRequest = {
      id: randomUUID(),
      ...fields,
      status: "OPEN",
      creationTime: now,
      lastModified: now,
    };
    this.refunds.set(refund.id, refund);
    return refund;
  }

  openRefundOn(transactionId: string): RefundRequest | undefined {
    return [...this.refunds.values()].find(
      (refund) => refund.transactionId === transactionId && refund.status === "OPEN",
    );
  }

  listRefunds(participant: string, role: "REQUESTING" | "CONTESTED", filter: ListFilter) {
    const mine = [...this.refunds.values()].filter((refund) =>
      role === "REQUESTING"
        ? refund.requestingParticipant === participant
        : refund.contestedParticipant === participant,
    );
    return listed(mine, filter);
  }

  closeRefund(
    refund: RefundRequest,
    answer: { result: RefundAnalysisResult; details?: string; rejectionReason?: string; refundTransactionId?: string },
  ): RefundRequest {
    refund.status = "CLOSED";
    refund.analysisResult = answer.result;
    if (answer.details) refund.analysisDetails = answer.details;
    if (answer.rejectionReason) refund.rejectionReason = answer.rejectionReason;
    if (answer.refundTransactionId) refund.refundTransactionId = answer.refundTransactionId;
    refund.lastModified = this.clock.now();
    return refund;
  }

  reset(): void {
    this.reports.clear();
    this.refunds.clear();
  }
}

/** A report as the DICT's XML carries it (ExtendedInfractionReport). */
export function reportElement(report: InfractionReport): XmlNode {
  return {
    TransactionId: report.transactionId,
    InfractionType: report.infractionType,
    ReportedBy: report.reportedBy,
    ...(report.reportDetails ? { ReportDetails: report.reportDetails } : {}),
    Id: report.id,
    Status: report.status,
    DebitedParticipant: report.debitedParticipant,
    CreditedParticipant: report.creditedParticipant,
    CreationTime: report.creationTime,
    LastModified: report.lastModified,
    ...(report.analysisResult ? { AnalysisResult: report.analysisResult } : {}),
    ...(report.analysisDetails ? { AnalysisDetails: report.analysisDetails } : {}),
  };
}

/** A refund request as the DICT's XML carries it (ExtendedRefund). */
export function refundElement(refund: RefundRequest): XmlNode {
  return {
    TransactionId: refund.transactionId,
    RefundReason: refund.refundReason,
    RefundAmount: refund.refundAmount,
    ...(refund.refundDetails ? { RefundDetails: refund.refundDetails } : {}),
    Id: refund.id,
    Status: refund.status,
    ContestedParticipant: refund.contestedParticipant,
    RequestingParticipant: refund.requestingParticipant,
    ...(refund.infractionReportId ? { InfractionReportId: refund.infractionReportId } : {}),
    CreationTime: refund.creationTime,
    LastModified: refund.lastModified,
    ...(refund.analysisResult ? { AnalysisResult: refund.analysisResult } : {}),
    ...(refund.analysisDetails ? { AnalysisDetails: refund.analysisDetails } : {}),
    ...(refund.rejectionReason ? { RejectionReason: refund.rejectionReason } : {}),
    ...(refund.refundTransactionId ? { RefundTransactionId: refund.refundTransactionId } : {}),
  };
}
