/**
 * A cobv of the API Pix as the due-date service takes it: a request (PUT /cobv, a batch item) as
 * its input, a revision (PATCH /cobv, PATCH /lotecobv) as its patch. Shared by the cobv and
 * lotecobv routes.
 */
import type { z } from "@hono/zod-openapi";
import type { DueDateChargeInput, DueDateChargePatch, DueDateDebtorInput } from "../../charges/due-date/service";
import type { CobVRevisadaSchema, CobVSolicitadaSchema } from "../schemas/cobv";

type Devedor = z.infer<typeof CobVSolicitadaSchema>["devedor"];

function debtorOf(devedor: Devedor): DueDateDebtorInput {
  return {
    name: devedor.nome,
    ...("cpf" in devedor && devedor.cpf !== undefined ? { cpf: devedor.cpf } : {}),
    ...("cnpj" in devedor && devedor.cnpj !== undefined ? { cnpj: devedor.cnpj } : {}),
    ...(devedor.email !== undefined ? { email: devedor.email } : {}),
    ...(devedor.logradouro !== undefined ? { street: devedor.logradouro } : {}),
    ...(devedor.cidade !== undefined ? { city: devedor.cidade } : {}),
    ...(devedor.uf !== undefined ? { state: devedor.uf } : {}),
    ...(devedor.cep !== undefined ? { postalCode: devedor.cep } : {}),
  };
}

export function cobvInput(cobv: z.infer<typeof CobVSolicitadaSchema>): Omit<DueDateChargeInput, "userId" | "txId"> {
  return {
    chave: cobv.chave,
    dueDate: cobv.calendario.dataDeVencimento,
    ...(cobv.calendario.validadeAposVencimento !== undefined
      ? { validityDays: cobv.calendario.validadeAposVencimento }
      : {}),
    debtor: debtorOf(cobv.devedor),
    valor: cobv.valor,
    ...(cobv.solicitacaoPagador !== undefined ? { description: cobv.solicitacaoPagador } : {}),
    ...(cobv.infoAdicionais !== undefined ? { infoAdicionais: cobv.infoAdicionais } : {}),
    ...(cobv.loc ? { locationId: BigInt(cobv.loc.id) } : {}),
  };
}

export function cobvPatch(cobv: z.infer<typeof CobVRevisadaSchema>): DueDateChargePatch {
  return {
    ...(cobv.chave !== undefined ? { chave: cobv.chave } : {}),
    ...(cobv.calendario?.dataDeVencimento !== undefined ? { dueDate: cobv.calendario.dataDeVencimento } : {}),
    ...(cobv.calendario?.validadeAposVencimento !== undefined
      ? { validityDays: cobv.calendario.validadeAposVencimento }
      : {}),
    ...(cobv.devedor ? { debtor: debtorOf(cobv.devedor) } : {}),
    ...(cobv.valor ? { valor: cobv.valor } : {}),
    ...(cobv.solicitacaoPagador !== undefined ? { description: cobv.solicitacaoPagador } : {}),
    ...(cobv.infoAdicionais !== undefined ? { infoAdicionais: cobv.infoAdicionais } : {}),
    ...(cobv.loc ? { locationId: BigInt(cobv.loc.id) } : {}),
    ...(cobv.status === "REMOVIDA_PELO_USUARIO_RECEBEDOR" ? { remove: true } : {}),
  };
}
