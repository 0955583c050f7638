import { describe, expect, it } from "vitest";
import { decodeList, parseList } from "./csv";

const PEP = [
  "CPF;Nome_PEP;Sigla_Funcao;Descricao_Funcao;Nivel_Funcao;Nome_Orgao;Data_Inicio_Exercicio;Data_Fim_Exercicio;Data_Fim_Carencia",
  "***.982.247-**;JOSÉ DA CONCEIÇÃO;DEP;DEPUTADO FEDERAL;;CÂMARA DOS DEPUTADOS;01/02/2023;;",
].join("\r\n");

describe("parseList", () => {
  it("reads the CGU's PEP columns, in Latin-1 too", () => {
    const rows = parseList("pep", decodeList(Buffer.from(PEP, "latin1")));
    expect(rows).toEqual([
      {
        name: "JOSÉ DA CONCEIÇÃO",
        nameKey: "JOSE DA CONCEICAO",
        document: null,
        cpfMiddle: "982247",
        details: expect.objectContaining({ function: "DEPUTADO FEDERAL", organ: "CÂMARA DOS DEPUTADOS" }),
      },
    ]);
  });

  it("reads a sanctions list, `;` or `,`, with or without a document", () => {
    const text =
      "Nome,CPF_CNPJ,Lista,Motivo,Data_Inicio,Data_Fim\nEmpresa Fictícia SA,11.222.333/0001-81,CEIS,Inidônea,2024-01-01,\nFulano Listado,,CSNU/ONU,Resolução 1267,,";
    const rows = parseList("sanctions", text);
    expect(rows.map((r) => [r.document, r.details.list])).toEqual([
      ["11222333000181", "CEIS"],
      [null, "CSNU/ONU"],
    ]);
  });

  it("refuses the whole file naming the line or the column", () => {
    expect(() => parseList("pep", PEP.replace("***.982.247-**", "529.982.247-25"))).toThrow(/line 2: CPF/);
    expect(() => parseList("pep", "Nome;Cargo\nA;B")).toThrow(/missing column\(s\) CPF, Nome_PEP/);
    expect(() => parseList("sanctions", "Nome;CPF_CNPJ;Lista\nA;123;CEIS")).toThrow(/line 2: CPF_CNPJ 123/);
    expect(() => parseList("pep", `${PEP}\n***.1"23;x;y`)).toThrow(/not a readable CSV/);
    expect(() => parseList("pep", PEP.split("\r\n")[0] as string)).toThrow(/no rows/);
  });
});
