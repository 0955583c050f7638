/**
 * ISO 20022 reason codes the PIX network uses, in English words for the REST surfaces and the
 * stored failure (the dashboard words the known ones in the reader's language: failure.ts).
 */
export const REJECTION_REASONS: Record<string, string> = {
  AB03: "settlement timed out at the receiving institution",
  AB09: "rejected by the receiving institution",
  AC03: "invalid receiver account number",
  AC06: "receiver account is blocked",
  AC14: "invalid receiver account type",
  AG03: "transaction type not supported by the receiver",
  AM02: "amount above the receiver's limit",
  AM04: "insufficient funds at the payer's institution",
  AM09: "amount differs from the charge",
  BE01: "receiver CPF/CNPJ inconsistent with the account",
  BE17: "payer not allowed by the charge",
  DS04: "order rejected by the receiver",
  DS27: "receiver not a participant of the PIX network",
  ED05: "settlement failed",
  RR04: "regulatory reason",
};

export function rejectionText(code: string): string {
  return REJECTION_REASONS[code] ?? "rejected by the PIX network";
}
