/**
 * What travels with a charge's payment: its description and externalId land on the ledger entry
 * that credits it (paid from another institution or from inside the platform), and from there in
 * the ledger list, its search, the CSV export and the statement's rows.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { payChargeFromOutside } from "../../server/charges/payment";
import { createCharge } from "../../server/charges/service";
import { db } from "../../server/db/client";
import { pool } from "../../server/db/pool";
import { listEntries } from "../../server/ledger/queries";
import { periodEntries } from "../../server/statements/data";
import { ledgerCsv } from "../../server/statements/ledger-csv";
import { payBrCode, previewBrCode } from "../../server/transfers/pay-brcode";
import { fundedMerchant } from "../support/fixtures";

const page = { page: 1, limit: 20 };

async function csvOf(userId: string) {
  let out = "";
  for await (const chunk of ledgerCsv(db(), userId, {}, "pt-BR")) out += chunk;
  return out;
}

describe("a charge's description and externalId travel with its payment", () => {
  let shop: Awaited<ReturnType<typeof fundedMerchant>>;
  let customer: Awaited<ReturnType<typeof fundedMerchant>>;
  let paidEmv: string;

  beforeAll(async () => {
    shop = await fundedMerchant(0n);
    customer = await fundedMerchant(100_000n);
    const outside = await createCharge(db(), {
      userId: shop.userId,
      accountId: shop.accountId,
      amountCents: 5_000n,
      description: "Pedido #1001 — Café",
      externalId: "pedido-1001",
    });
    await payChargeFromOutside(db(), {
      userId: shop.userId,
      txId: outside.txId,
      payer: { name: "Fábio Araújo" },
    });
    const inside = await createCharge(db(), {
      userId: shop.userId,
      accountId: shop.accountId,
      amountCents: 2_500n,
      description: "Pedido #1002",
      externalId: "pedido-1002",
    });
    paidEmv = inside.emv;
    await payBrCode(db(), {
      userId: customer.userId,
      accountId: customer.accountId,
      emv: inside.emv,
      amountCents: null,
      externalId: "minha-compra-7",
    });
  });

  const credits = async () =>
    (await listEntries(db(), shop.userId, { ...page, reason: "pix_in:qrcode_paid" })).entries.map((e) => [
      e.description,
      e.externalId,
    ]);

  it("stores them on the credit, whoever paid", async () => {
    expect(await credits()).toEqual([
      ["Pedido #1002", "pedido-1002"],
      ["Pedido #1001 — Café", "pedido-1001"],
    ]);
  });

  it("shows the payer the charge's description, and keeps the payer's own externalId", async () => {
    const [debit] = (await listEntries(db(), customer.userId, { ...page, reason: "pix_out:emv_pay" })).entries;
    expect(debit).toMatchObject({ description: "Pedido #1002", externalId: "minha-compra-7" });
  });

  it("writes them in the ledger's CSV", async () => {
    const lines = (await csvOf(shop.userId)).split("\r\n");
    const row = lines.find((line) => line.includes("pedido-1001"));
    expect(row).toContain("Pedido #1001 — Café");
  });

  it("carries the externalId in the statement's rows", async () => {
    const rows = [];
    for await (const row of periodEntries(pool(), {
      accountId: shop.accountId,
      startAt: new Date(Date.now() - 3_600_000),
      endAt: new Date(Date.now() + 3_600_000),
    })) {
      rows.push(row);
    }
    expect(rows.map((r) => [r.description, r.externalId])).toEqual([
      ["Pedido #1001 — Café", "pedido-1001"],
      ["Pedido #1002", "pedido-1002"],
    ]);
  });

  const found = async (search: string) =>
    (await listEntries(db(), shop.userId, { ...page, search })).entries.map((e) => e.externalId);

  it("finds the entries by description and order number, whatever the accents and case", async () => {
    expect(await found("pedido #1001")).toEqual(["pedido-1001"]);
    expect(await found("cafe")).toEqual(["pedido-1001"]);
    expect(await found("CAFÉ")).toEqual(["pedido-1001"]);
    expect(await found("1002")).toEqual(["pedido-1002"]);
    expect(await found("PEDIDO-1001")).toEqual(["pedido-1001"]);
    expect(await found("fabio")).toEqual(["pedido-1001"]);
    expect(await found("Araujo")).toEqual(["pedido-1001"]);
  });

  it("previews a paid or expired charge as such, with the charge's description, before paying", async () => {
    expect(await previewBrCode(db(), paidEmv)).toMatchObject({
      description: "Pedido #1002",
      unpayable: "CHARGE_ALREADY_PAID",
    });
    const expired = await createCharge(
      db(),
      {
        userId: shop.userId,
        accountId: shop.accountId,
        amountCents: 100n,
        description: "Pedido #1004",
        expirationSeconds: 1,
      },
      { now: new Date(Date.now() - 60_000) },
    );
    const open = await createCharge(db(), {
      userId: shop.userId,
      accountId: shop.accountId,
      amountCents: 100n,
      description: "Pedido #1006",
    });
    expect(await previewBrCode(db(), expired.emv)).toMatchObject({ unpayable: "CHARGE_EXPIRED" });
    expect(await previewBrCode(db(), open.emv)).toMatchObject({ description: "Pedido #1006", unpayable: null });
  });
});
