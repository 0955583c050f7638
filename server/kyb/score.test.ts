import { describe, expect, it } from "vitest";
import { type Candidate, hitsOf, matchOf, POINTS, scoreOf } from "./score";

const partner = { subject: "partner", name: "José da Conceição", document: "529.982.247-25" } as const;
const company = { subject: "company", name: "Exemplo Comércio Ltda", document: "11.222.333/0001-81" } as const;
const pepRow: Candidate = {
  id: "1",
  kind: "pep",
  name: "JOSE DA CONCEICAO",
  nameKey: "JOSE DA CONCEICAO",
  document: null,
  cpfMiddle: "982247",
  details: { function: "Deputado Federal" },
};
const sanctionRow = (document: string | null, name = "OUTRO NOME"): Candidate => ({
  id: "2",
  kind: "sanctions",
  name,
  nameKey: name,
  document,
  cpfMiddle: null,
  details: { list: "CEIS" },
});

const today = new Date("2026-12-07T12:00:00Z");
const clean = { cnae: "4751201", openedOn: "2015-03-10", registrationStatus: "ATIVA" };

describe("matching", () => {
  it("a PEP row needs the masked digits and the normalised name", () => {
    expect(matchOf(partner, pepRow)).toBe("pep");
    expect(matchOf({ ...partner, name: "José da Conceição Filho" }, pepRow)).toBeNull();
    expect(matchOf({ ...partner, document: "111.444.777-35" }, pepRow)).toBeNull();
    expect(matchOf(company, pepRow)).toBeNull();
  });

  it("a sanctions row with a document matches the document only; one without, the name", () => {
    expect(matchOf(company, sanctionRow("11222333000181"))).toBe("sanctions");
    expect(matchOf(company, sanctionRow("11444777000161", "EXEMPLO COMERCIO LTDA"))).toBeNull();
    expect(matchOf(company, sanctionRow(null, "EXEMPLO COMERCIO LTDA"))).toBe("sanctions_name");
    expect(matchOf(partner, sanctionRow("52998224725"))).toBe("sanctions");
  });
});

describe("score", () => {
  it("a clean, old, active company is approved with no reasons", () => {
    expect(scoreOf(clean, [], today)).toMatchObject({ score: 0, reasons: [], recommendation: "approve" });
  });

  it("a PEP partner adds 40 and asks for review, once however many rows name them", () => {
    const hits = hitsOf([partner, company], [pepRow, { ...pepRow, id: "3" }]);
    const result = scoreOf(clean, hits, today);
    expect(result.score).toBe(POINTS.PEP_PARTNER);
    expect(result.reasons).toEqual([
      { code: "PEP_PARTNER", points: 40, name: "José da Conceição", detail: "Deputado Federal" },
    ]);
    expect(result.recommendation).toBe("review");
  });

  it("a sanctioned company or partner refuses", () => {
    const byCompany = scoreOf(clean, hitsOf([company], [sanctionRow("11222333000181")]), today);
    expect(byCompany).toMatchObject({ recommendation: "refuse", blocked: true, score: 100 });
    expect(byCompany.reasons[0]?.code).toBe("SANCTIONED_COMPANY");
    const byPartner = scoreOf(clean, hitsOf([partner], [sanctionRow("52998224725")]), today);
    expect(byPartner.reasons[0]?.code).toBe("SANCTIONED_PARTNER");
  });

  it("registration facts: not ATIVA +50, younger than 6 months +10, high-risk CNAE +15", () => {
    expect(scoreOf({ ...clean, registrationStatus: "BAIXADA" }, [], today)).toMatchObject({
      score: 50,
      recommendation: "review",
    });
    expect(scoreOf({ ...clean, openedOn: "2026-06-08" }, [], today).score).toBe(10);
    expect(scoreOf({ ...clean, openedOn: "2026-06-07" }, [], today).score).toBe(0);
    expect(scoreOf({ ...clean, cnae: "9200399" }, [], today).reasons).toEqual([
      { code: "HIGH_RISK_CNAE", points: 15, detail: "9200399" },
    ]);
  });

  it("sums to at most 100 and refuses from 70", () => {
    const risky = { cnae: "9200399", openedOn: "2026-11-01", registrationStatus: "SUSPENSA" };
    const result = scoreOf(risky, hitsOf([partner], [pepRow]), today);
    expect(result.score).toBe(100);
    expect(result.recommendation).toBe("refuse");
    expect(result.blocked).toBe(false);
  });
});
