/** Due-date charges as the API Pix writes a `cobv` (CobVGerada / CobVCompleta). Pure. */
import type { z } from "@hono/zod-openapi";
import { cobStatusOf } from "../../charges/cob-status";
import {
  dateText,
  debtorDetailsOf,
  paidComponentsOf,
  recebedorOf,
  type StoredValor,
} from "../../charges/due-date/record";
import { componentesValor } from "../../charges/due-date/wire";
import { debtorOf } from "../../charges/location";
import { urlOfLocation } from "../../charges/locations";
import type { Account, Charge, PayloadLocation } from "../../generated/prisma/client";
import { paymentPageUrl } from "../../payment-pages/public-id";
import { valorOf } from "../money";
import type { CobVCompletaSchema } from "../schemas/cobv";
import { locationView } from "./cob";

type CobVView = z.infer<typeof CobVCompletaSchema>;

/** The debtor with the e-mail and address it was given. */
export function devedorOf(charge: Charge) {
  const details = debtorDetailsOf(charge);
  return {
    ...(debtorOf(charge) as { cpf: string; nome: string }),
    ...(details.email !== undefined ? { email: details.email } : {}),
    ...(details.street !== undefined ? { logradouro: details.street } : {}),
    ...(details.city !== undefined ? { cidade: details.city } : {}),
    ...(details.state !== undefined ? { uf: details.state } : {}),
    ...(details.postalCode !== undefined ? { cep: details.postalCode } : {}),
  };
}

export function cobvView(
  charge: Charge,
  location: PayloadLocation | null,
  account: Pick<Account, "name" | "document">,
) {
  const info = charge.additionalInfo as { nome: string; valor: string }[] | null;
  const url = location ? urlOfLocation(location) : null;
  return {
    calendario: {
      criacao: charge.createdAt.toISOString(),
      dataDeVencimento: dateText(charge.dueDate as Date),
      validadeAposVencimento: charge.validityDays as number,
    },
    txid: charge.txId,
    revisao: charge.revision,
    ...(location && url ? { loc: { ...locationView(location), txid: charge.txId }, location: url } : {}),
    status: cobStatusOf(charge.status),
    devedor: devedorOf(charge),
    recebedor: recebedorOf(account),
    valor: { ...(charge.dueTerms as StoredValor), original: valorOf(charge.amountCents) },
    chave: charge.pixKey ?? "",
    ...(charge.description ? { solicitacaoPagador: charge.description } : {}),
    ...(info?.length ? { infoAdicionais: info } : {}),
    ...(location ? { pixCopiaECola: charge.emv } : {}),
    // ours, beside the spec's fields (its answers allow more): the hosted page to send the payer
    ...(charge.publicId ? { paymentPageUrl: paymentPageUrl(charge.publicId) } : {}),
  };
}

/** The PIX that paid a cobv, with the components of its amount as computed for the day paid. */
export function cobvPixOf(charge: Charge) {
  const paid = paidComponentsOf(charge);
  if (charge.status !== "paid" || !charge.paidEndToEndId || !charge.paidAt || !paid) return null;
  return {
    endToEndId: charge.paidEndToEndId,
    txid: charge.txId,
    valor: valorOf(paid.finalCents),
    componentesValor: componentesValor({ finalCents: paid.finalCents, components: paid }),
    ...(charge.pixKey ? { chave: charge.pixKey } : {}),
    horario: charge.paidAt.toISOString(),
  };
}

export function cobvCompleteView(
  charge: Charge,
  location: PayloadLocation | null,
  account: Pick<Account, "name" | "document">,
): CobVView {
  const pix = cobvPixOf(charge);
  return { ...cobvView(charge, location, account), ...(pix ? { pix: [pix] } : {}) } as CobVView;
}
