/** Charges as the API Pix writes a `cob` (CobGerada / CobCompleta) and locations as `loc`. */

import { cobStatusOf } from "../../charges/cob-status";
import { debtorOf } from "../../charges/location";
import { urlOfLocation } from "../../charges/locations";
import type { Tx } from "../../db/client";
import type { Account, Charge, PayloadLocation } from "../../generated/prisma/client";
import { paymentPageUrl } from "../../payment-pages/public-id";
import { valorOf } from "../money";

export function locationView(location: PayloadLocation) {
  return {
    id: Number(location.id),
    location: urlOfLocation(location),
    tipoCob: location.tipoCob as "cob" | "cobv",
    criacao: location.createdAt.toISOString(),
  };
}

export function locationCompleteView(location: PayloadLocation) {
  return { ...locationView(location), ...(location.txId ? { txid: location.txId } : {}) };
}

export function cobView(charge: Charge, location: PayloadLocation | null) {
  const debtor = debtorOf(charge);
  const info = charge.additionalInfo as { nome: string; valor: string }[] | null;
  const url = location ? urlOfLocation(location) : null;
  return {
    calendario: {
      criacao: charge.createdAt.toISOString(),
      expiracao: Math.round((charge.expiresAt.getTime() - charge.createdAt.getTime()) / 1000),
    },
    txid: charge.txId,
    revisao: charge.revision,
    ...(location && url ? { loc: { ...locationView(location), txid: charge.txId }, location: url } : {}),
    status: cobStatusOf(charge.status),
    ...(debtor ? { devedor: debtor } : {}),
    valor: { original: valorOf(charge.amountCents), modalidadeAlteracao: charge.amountEditable ? 1 : 0 },
    chave: charge.pixKey ?? "",
    ...(charge.description ? { solicitacaoPagador: charge.description } : {}),
    ...(info?.length ? { infoAdicionais: info } : {}),
    ...(location ? { pixCopiaECola: charge.emv } : {}),
    // ours, beside the spec's fields (its answers allow more): the hosted page to send the payer
    ...(charge.publicId ? { paymentPageUrl: paymentPageUrl(charge.publicId) } : {}),
  };
}

/** A cob with the PIX that paid it (CobCompleta). */
export function cobCompleteView(charge: Charge, location: PayloadLocation | null) {
  const paid =
    charge.status === "paid" && charge.paidEndToEndId && charge.paidAt
      ? [
          {
            endToEndId: charge.paidEndToEndId,
            txid: charge.txId,
            valor: valorOf(charge.amountCents),
            horario: charge.paidAt.toISOString(),
          },
        ]
      : null;
  return { ...cobView(charge, location), ...(paid ? { pix: paid } : {}) };
}

/** The locations of these charges, by token, in one query. */
export async function locationsOf(tx: Tx, charges: Pick<Charge, "locationId">[]) {
  const tokens = charges.flatMap((charge) => (charge.locationId ? [charge.locationId] : []));
  const rows = tokens.length ? await tx.payloadLocation.findMany({ where: { token: { in: tokens } } }) : [];
  const byToken = new Map(rows.map((row) => [row.token, row]));
  return (charge: Pick<Charge, "locationId">) => (charge.locationId ? (byToken.get(charge.locationId) ?? null) : null);
}

/** The receiving accounts of these charges, by id, in one query (a cobv names its receiver). */
export async function receivingAccountsOf(tx: Tx, charges: Pick<Charge, "accountId">[]) {
  const ids = [...new Set(charges.map((charge) => charge.accountId))];
  const byId = new Map((await tx.account.findMany({ where: { id: { in: ids } } })).map((a) => [a.id, a]));
  return (charge: Pick<Charge, "accountId">) => byId.get(charge.accountId) as Account;
}
