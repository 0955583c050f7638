/**
 * KYB end to end below the browser: lists loaded from files, company proposals screened at
 * creation, re-screening flagging an approved account, and malformed files refused whole.
 * One file, so the lists' versions follow each other in order.
 */
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../../server/cli/run";
import { db } from "../../server/db/client";
import { AppError } from "../../server/errors";
import { loadList } from "../../server/kyb/lists";
import { rescreenCompanies } from "../../server/kyb/screening";
import { companyReview, kybSummaries } from "../../server/kyb/view";
import { api, programmeOwner } from "../onboarding/support";
import { call, randomCnpj } from "../support/fixtures";
import { approvedCompany, companyProposal, masked, newPartner, pepCsv, sanctionsCsv, submit } from "./support";

const actor = { userId: "00000000-0000-0000-0000-000000000000", email: "operador@example.test" };
const versions = async (kind: string) => db().kybList.count({ where: { kind } });

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}

describe("KYB screening", () => {
  it("a partner on the PEP list (masked CPF, name as the list spells it) is flagged with the reason", async () => {
    const owner = await programmeOwner();
    const pep = newPartner("Fulana");
    const other = newPartner("Beltrano");
    const { list } = await loadList(db(), {
      kind: "pep",
      fileName: "pep.csv",
      bytes: pepCsv([{ name: pep.name.normalize("NFD").replace(/\p{M}/gu, ""), cpf: pep.cpf }]),
      actor,
    });
    expect(list.rowCount).toBe(1);

    const userId = await submit(owner.auth, companyProposal([pep, other]));
    const review = await companyReview(db(), userId);
    expect(review?.screening).toMatchObject({
      score: 40,
      recommendation: "review",
      trigger: "onboarding",
      reasons: [{ code: "PEP_PARTNER", points: 40, name: pep.name, detail: "VEREADOR" }],
      listVersions: { pep: list.version },
    });
    // the back office is sent the partners' CPFs masked, hits included
    expect(JSON.stringify(review)).not.toContain(pep.cpf);
    const flagged = review?.partners.find((p) => p.cpf === masked(pep.cpf));
    expect(flagged?.hits.map((h) => h.kind)).toEqual(["pep"]);
    expect(review?.partners.find((p) => p.cpf === masked(other.cpf))?.hits).toEqual([]);
    expect((await kybSummaries(db(), [userId])).get(userId)).toEqual({
      score: 40,
      recommendation: "review",
      flagged: false,
    });
  });

  it("a sanctioned CNPJ: recommendation refuse", async () => {
    const owner = await programmeOwner();
    const cnpj = randomCnpj();
    await loadList(db(), {
      kind: "sanctions",
      fileName: "ceis.csv",
      bytes: sanctionsCsv([{ name: "Empresa Punida Ficticia SA", document: cnpj, list: "CEIS" }]),
      actor,
    });
    const userId = await submit(owner.auth, companyProposal([newPartner("Sicrano")], cnpj));
    const review = await companyReview(db(), userId);
    expect(review?.screening).toMatchObject({ score: 100, recommendation: "refuse" });
    expect(review?.screening?.reasons[0]).toMatchObject({ code: "SANCTIONED_COMPANY", detail: "CEIS" });
    expect(review?.companyHits).toHaveLength(1);
  });

  it("a new list hit on an approved account flags it for review; the daily run keeps it", async () => {
    const owner = await programmeOwner();
    const partner = newPartner("Ciclana");
    const userId = await approvedCompany(owner.auth, companyProposal([partner]));
    expect((await companyReview(db(), userId))?.screening?.recommendation).toBe("approve");

    // through the CLI, as the operator loads it
    const dir = await mkdtemp(join(tmpdir(), "kyb-"));
    const file = join(dir, "pep.csv");
    await writeFile(file, pepCsv([partner]));
    const { io, out } = capture();
    expect(await runCli(db(), io, ["kyb", "lists", "load", "--kind", "pep", "--file", file, "--json"])).toBe(0);
    expect(JSON.parse(out.join("\n"))).toMatchObject({ kind: "pep", rowCount: 1, flagged: expect.any(Number) });

    const review = await companyReview(db(), userId);
    expect(review?.flaggedAt).toBeInstanceOf(Date);
    expect(review?.flagReason).toContain(partner.name);
    expect(review?.screening).toMatchObject({ trigger: "list_load", recommendation: "review" });

    const again = await rescreenCompanies(db(), "schedule");
    expect(again.screened).toBeGreaterThan(0);
    expect((await companyReview(db(), userId))?.screening?.trigger).toBe("schedule");
    expect((await companyReview(db(), userId))?.flaggedAt).toEqual(review?.flaggedAt);
  });

  it("a malformed file is refused whole with a 400 naming the line, by the CLI too; nothing is loaded", async () => {
    const before = await versions("pep");
    const bad = Buffer.from(
      `${pepCsv([newPartner("Ok")]).toString("latin1")}\r\n529.982.247-25;NOME COM CPF INTEIRO;;;;;;;`,
      "latin1",
    );
    const refusal = await loadList(db(), { kind: "pep", fileName: "bad.csv", bytes: bad, actor }).catch((e) => e);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal.status).toBe(400);
    expect(refusal.message).toMatch(/line 3: CPF must be masked/);
    const binary = await loadList(db(), {
      kind: "pep",
      fileName: "x.csv",
      bytes: Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
      actor,
    }).catch((e) => e);
    expect(binary.code).toBe("UNSUPPORTED_FILE_TYPE");

    const dir = await mkdtemp(join(tmpdir(), "kyb-"));
    const file = join(dir, "sanctions.csv");
    await writeFile(file, "Nome;Documento\nFulano;1\n");
    const { io, err } = capture();
    expect(await runCli(db(), io, ["kyb", "lists", "load", "--kind", "sanctions", "--file", file])).toBe(1);
    expect(err.join("\n")).toContain("missing column(s) CPF_CNPJ, Lista");
    expect(await runCli(db(), capture().io, ["kyb", "lists", "load", "--kind", "other", "--file", file])).toBe(2);
    expect(await versions("pep")).toBe(before);
  });

  it("the proposal's company data is checked at the door", async () => {
    const owner = await programmeOwner();
    const body = companyProposal([{ name: "Pessoa Ficticia", cpf: "529.982.247-24" }]);
    const badCpf = await call(api(), "POST", "/v4/i/baas/onboarding/new", { auth: owner.auth, body });
    expect(badCpf.status).toBe(400);
    expect(JSON.stringify(badCpf.json)).toContain("CPF");
    const person = { ...companyProposal([newPartner("Ana")]), personType: "person", birthDate: "1990-01-01" };
    const forPerson = await call(api(), "POST", "/v4/i/baas/onboarding/new", { auth: owner.auth, body: person });
    expect(forPerson.status).toBe(400);
  });
});
