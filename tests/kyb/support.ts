/** KYB fixtures: company proposals with partners, and list files in the official lists' shape (fictional people). */
import { db } from "../../server/db/client";
import { approveProposal } from "../../server/onboarding/review";
import { verifyEmail } from "../../server/onboarding/service";
import { api, emailsTo, PNG, tokenOf, uploadJson } from "../onboarding/support";
import { call, randomCnpj, randomCpf } from "../support/fixtures";

export const tag = () =>
  Math.random()
    .toString(36)
    .slice(2, 8)
    .replace(/\d/g, (d) => "abcdefghij"[Number(d)] as string);

export function companyProposal(partners: { name: string; cpf: string }[], cnpj = randomCnpj()) {
  return {
    personType: "company",
    name: "Comércio Fictício Ltda",
    document: cnpj,
    email: `empresa-${tag()}@example.test`,
    phone: "+5511987654321",
    address: { street: "Rua Exemplo", number: "10", city: "São Paulo", state: "SP", zipCode: "01001-000" },
    company: {
      legalName: "Comércio Fictício Ltda",
      tradeName: "Loja Fictícia",
      cnae: "4751-2/01",
      openedOn: "2015-03-10",
      legalNature: "206-2",
      registrationStatus: "ATIVA",
      partners: partners.map((p, i) => ({ ...p, qualification: "49-Sócio-Administrador", share: i === 0 ? 60 : 40 })),
    },
  };
}

export const newPartner = (first: string) => ({ name: `${first} ${tag()} da Conceição`, cpf: randomCpf() });

export const masked = (cpf: string) => `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`;

export function pepCsv(people: { name: string; cpf: string }[]): Buffer {
  const lines = [
    "CPF;Nome_PEP;Sigla_Funcao;Descricao_Funcao;Nivel_Funcao;Nome_Orgao;Data_Inicio_Exercicio;Data_Fim_Exercicio;Data_Fim_Carencia",
    ...people.map(
      (p) => `${masked(p.cpf)};${p.name.toUpperCase()};VEREADOR;VEREADOR;;CÂMARA MUNICIPAL FICTÍCIA;01/01/2021;;`,
    ),
  ];
  return Buffer.from(lines.join("\r\n"), "latin1");
}

export function sanctionsCsv(rows: { name: string; document: string; list: string }[]): Buffer {
  const lines = [
    "Nome;CPF_CNPJ;Lista;Motivo;Data_Inicio;Data_Fim",
    ...rows.map((r) => `${r.name};${r.document};${r.list};Registro fictício de teste;2024-01-01;`),
  ];
  return Buffer.from(lines.join("\n"));
}

export async function submit(auth: string, body: Record<string, unknown>) {
  const created = await call(api(), "POST", "/v4/i/baas/onboarding/new", { auth, body });
  if (created.status !== 200) throw new Error(JSON.stringify(created.json));
  return created.json.data.userId as string;
}

/** Through e-mail, documents and the back office's approval. */
export async function approvedCompany(auth: string, body: Record<string, unknown>) {
  const userId = await submit(auth, body);
  const [mail] = await emailsTo(auth, body.email as string);
  await verifyEmail(db(), tokenOf(mail?.links[0] as string));
  await uploadJson(auth, userId, { documentType: "PASSPORT", documentFront: PNG.toString("base64") });
  await uploadJson(auth, userId, { documentType: "PASSPORT", selfie: PNG.toString("base64") });
  await approveProposal(db(), userId, { userId: "00000000-0000-0000-0000-000000000000", email: "cli" });
  return userId;
}
