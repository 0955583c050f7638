/**
 * The sandbox's simulated payers on the network (PIX_RAIL=network in development and tests):
 * the sandbox endpoints ask one of the simulator's institutions, through its control API
 * (NETWORK_CONTROL_URL, docs/network-simulator.md), to send this platform a PIX or a return, so
 * the credit comes over the wire like any other.
 */
import { config } from "../../config";
import { onlyDigits } from "../../documents/cpf-cnpj";
import { AppError } from "../../errors";
import { centsToBrl } from "../../money";
import type { SimulatedIncoming } from "../rail";

async function control(path: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const base = config().NETWORK_CONTROL_URL;
  if (!base) throw new AppError("SERVICE_UNAVAILABLE", "the network simulator's control URL is not configured");
  let response: Response;
  try {
    response = await fetch(`${base.replace(/\/+$/, "")}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(5000),
    });
  } catch {
    throw new AppError("SERVICE_UNAVAILABLE", "the network simulator does not answer", undefined, undefined, 5);
  }
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) throw new AppError("SERVICE_UNAVAILABLE", "the network simulator refused the payment");
  return answer;
}

/** Asks a simulated institution to send the PIX or the return; answers the id it will carry. */
export async function sendFromSimulatedInstitution(payment: SimulatedIncoming): Promise<string> {
  const amount = centsToBrl(payment.amountCents).toFixed(2);
  if (payment.kind === "return") {
    const answer = await control("/returns", {
      toIspb: config().PLATFORM_ISPB,
      originalEndToEndId: payment.originalEndToEndId,
      amount,
    });
    return String(answer.returnId);
  }
  const payer = payment.payer;
  const answer = await control("/payments", {
    toIspb: config().PLATFORM_ISPB,
    amount,
    ...(payment.creditorKey ? { creditorKey: payment.creditorKey } : {}),
    ...(payment.creditorAccount
      ? { creditorAccount: payment.creditorAccount, creditorBranch: payment.creditorBranch }
      : {}),
    localInstrument: payment.initiation,
    ...(payment.txId ? { txId: payment.txId } : {}),
    ...(payment.endToEndId ? { endToEndId: payment.endToEndId } : {}),
    ...(payment.acceptedAt ? { acceptedAt: payment.acceptedAt.toISOString() } : {}),
    ...(payer
      ? {
          debtor: {
            ...(payer.name ? { name: payer.name } : {}),
            ...(payer.cpfCnpj && !payer.cpfCnpj.includes("*") ? { document: onlyDigits(payer.cpfCnpj) } : {}),
            ...(payer.ispb ? { ispb: payer.ispb } : {}),
          },
        }
      : {}),
  });
  return String(answer.endToEndId);
}
