/**
 * The one wire shape of a received PIX and its refunds on the API Pix: GET /pix, GET /pix/{e2eid}
 * and the `{ pix: [...] }` the webhooks of PIX keys receive. Pure: the rows come from
 * server/refunds/received.ts (or the same columns read elsewhere).
 */
import type { z } from "@hono/zod-openapi";
import type { PaidComponents } from "../../charges/due-date/record";
import { componentesValor } from "../../charges/due-date/wire";
import type { LedgerEntry, RefundIdentifier } from "../../generated/prisma/client";
import { valorOf } from "../money";
import type { Devolucao, Pix } from "../schemas/pix";

export type PixView = z.infer<typeof Pix>;
export type DevolucaoView = z.infer<typeof Devolucao>;

type Refund = Pick<
  LedgerEntry,
  "endToEndId" | "grossCents" | "description" | "status" | "errorMessage" | "createdAt" | "updatedAt"
>;
type Credit = Pick<LedgerEntry, "endToEndId" | "grossCents" | "createdAt">;

const STATUS = { processing: "EM_PROCESSAMENTO", succeeded: "DEVOLVIDO", failed: "NAO_REALIZADO" } as const;

const MAX_TEXT = 140;
const clip = (value: string) => (value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT - 1)}…` : value);

/** A refund; its `id` is the client's, or its own end-to-end id when it was asked on another surface. */
export function devolucaoView(refund: Refund, identifier: Pick<RefundIdentifier, "clientId" | "nature"> | null) {
  const rtrId = refund.endToEndId as string;
  return {
    id: identifier?.clientId ?? rtrId,
    rtrId,
    valor: valorOf(refund.grossCents),
    natureza: (identifier?.nature ?? "ORIGINAL") as "ORIGINAL" | "RETIRADA",
    ...(refund.description ? { descricao: clip(refund.description) } : {}),
    horario: {
      solicitacao: refund.createdAt.toISOString(),
      ...(refund.status === "succeeded" ? { liquidacao: refund.updatedAt.toISOString() } : {}),
    },
    status: STATUS[refund.status],
    ...(refund.status === "failed"
      ? { motivo: clip(refund.errorMessage ?? "A devolução não pôde ser liquidada.") }
      : {}),
  } satisfies DevolucaoView;
}

/** A received PIX with every refund of it. */
export function pixView(received: {
  credit: Credit;
  txId: string | null;
  pixKey: string | null;
  /** a cobv's payment: what its amount is made of, as kept when paid */
  components?: PaidComponents | null;
  refunds: { entry: Refund; identifier: Pick<RefundIdentifier, "clientId" | "nature"> | null }[];
}) {
  const valor = valorOf(received.credit.grossCents);
  return {
    endToEndId: received.credit.endToEndId as string,
    ...(received.txId ? { txid: received.txId } : {}),
    valor,
    componentesValor: received.components
      ? componentesValor({ finalCents: received.components.finalCents, components: received.components })
      : { original: { valor } },
    ...(received.pixKey ? { chave: received.pixKey } : {}),
    horario: received.credit.createdAt.toISOString(),
    devolucoes: received.refunds.map((refund) => devolucaoView(refund.entry, refund.identifier)),
  } satisfies PixView;
}
