/** The recurring charge service's creation rules, below the API Pix door (docs/decisions/0041). */
import { beforeAll, describe, expect, it } from "vitest";
import { plusDays, todayInSaoPaulo } from "../../server/charges/due-date/calendar";
import { db } from "../../server/db/client";
import { createRecurringCharges } from "../../server/recurrences/charges/create-batch";
import type { RecurringChargeInput } from "../../server/recurrences/charges/model";
import { createRecurringCharge } from "../../server/recurrences/charges/service";
import { RecurrenceRefused } from "../../server/recurrences/model";
import { approvedRec, recurringChargeInput } from "../api-pix/cobr-support";
import { apiPixCompanyWithKey } from "../api-pix/rec-support";
import type { ApiPixMerchant } from "../api-pix/support";

async function refused(work: Promise<unknown>): Promise<string[]> {
  try {
    await work;
  } catch (error) {
    if (error instanceof RecurrenceRefused) return error.violations.map((v) => v.propriedade);
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("createRecurringCharge", () => {
  let shop: ApiPixMerchant;
  let idRec: string;
  const input = (extra: Partial<RecurringChargeInput> = {}) => recurringChargeInput(shop, idRec, extra);

  beforeAll(async () => {
    shop = await apiPixCompanyWithKey();
    idRec = await approvedRec(shop);
  });

  it("creates a CRIADA charge in the due date's cycle, in centavos, and refuses a second in that cycle", async () => {
    const charge = await createRecurringCharge(db(), input());
    expect(charge).toMatchObject({ status: "CRIADA", amountCents: 8990n, idRec, attempts: [] });
    expect(charge.cycleStart.toISOString().slice(0, 10)).toBe(todayInSaoPaulo());
    expect(await refused(createRecurringCharge(db(), input({ dueDate: plusDays(todayInSaoPaulo(), 6) })))).toEqual([
      "calendario.dataDeVencimento",
    ]);
  });

  it("refuses a due date outside 2 to 10 days ahead, an amount other than valorRec, a foreign account", async () => {
    const other = await apiPixCompanyWithKey();
    expect(
      await refused(
        createRecurringCharge(
          db(),
          input({
            dueDate: plusDays(todayInSaoPaulo(), 1),
            amountCents: 100n,
            receiver: { account: other.accountId, accountType: "PAGAMENTO" },
          }),
        ),
      ),
    ).toEqual(["calendario.dataDeVencimento", "valor.original", "recebedor"]);
    expect(await refused(createRecurringCharge(db(), input({ dueDate: plusDays(todayInSaoPaulo(), 11) })))).toEqual([
      "calendario.dataDeVencimento",
    ]);
  });

  it("in a batch: the same rules per item, one live charge per cycle in the batch and against the stored ones", async () => {
    const [fresh, other, charged] = await Promise.all([approvedRec(shop), approvedRec(shop), approvedRec(shop)]);
    const existing = await createRecurringCharge(db(), input({ idRec: charged }));
    const { userId: _, ...item } = input();
    const outcomes = await db().$transaction((tx) =>
      createRecurringCharges(tx, shop.userId, [
        { ...item, idRec: fresh },
        { ...item, idRec: fresh, dueDate: plusDays(todayInSaoPaulo(), 6) },
        { ...item, idRec: other, dueDate: plusDays(todayInSaoPaulo(), 1) },
        { ...item, idRec: charged },
        { ...item, idRec: other, txId: existing.txId },
        { ...item, idRec: other, txId: "lotecobr0000000000000000000001" },
      ]),
    );
    const refusals = outcomes.map((o) => (o instanceof RecurrenceRefused ? o.violations.map((v) => v.razao) : []));
    expect(refusals.map((r) => r.length)).toEqual([0, 1, 1, 1, 1, 0]);
    expect(refusals[1]?.[0]).toMatch(/Já existe uma cobrança/);
    expect(refusals[3]?.[0]).toMatch(/Já existe uma cobrança/);
    expect(refusals[4]?.[0]).toBe("O txid encontra-se em uso.");
    expect(outcomes[5]).toMatchObject({ txId: "lotecobr0000000000000000000001", status: "CRIADA", idRec: other });
    const stored = await db().recurringCharge.groupBy({
      by: ["idRec"],
      where: { idRec: { in: [fresh, other, charged] } },
      _count: true,
    });
    expect(Object.fromEntries(stored.map((g) => [g.idRec, g._count]))).toEqual({
      [fresh]: 1,
      [other]: 1,
      [charged]: 1,
    });
  });
});
