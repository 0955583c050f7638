import { describe, expect, it } from "vitest";
import { chargeFromSnapshot } from "./revisions";

describe("chargeFromSnapshot", () => {
  it("reads a charges row as to_jsonb writes it back into a charge", () => {
    const charge = chargeFromSnapshot({
      tx_id: "Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56",
      location_id: null,
      account_id: "100000000001",
      user_id: "3f2c1e9a-8b7d-4c6e-9f1a-2b3c4d5e6f70",
      amount_cents: 3700,
      description: "Serviço",
      external_id: null,
      metadata: null,
      same_document: null,
      pix_key: "5f84a4c5-c5cb-4599-9f13-7eb4d419dacc",
      emv: "000201",
      status: "created",
      expires_at: "2026-11-28T03:00:00.000+00:00",
      paid_at: null,
      paid_end_to_end_id: null,
      created_at: "2026-11-28T02:00:00.000+00:00",
      updated_at: "2026-11-28T02:00:00.000+00:00",
      revision: 2,
      debtor_document: "12345678909",
      debtor_name: "Francisco",
      additional_info: [{ nome: "a", valor: "b" }],
      amount_editable: true,
    });
    expect(charge).toMatchObject({
      amountCents: 3700n,
      locationId: null,
      revision: 2,
      amountEditable: true,
      debtorDocument: "12345678909",
      additionalInfo: [{ nome: "a", valor: "b" }],
    });
    expect(charge.expiresAt.getTime() - charge.createdAt.getTime()).toBe(3_600_000);
    expect(charge.paidAt).toBeNull();
  });
});
