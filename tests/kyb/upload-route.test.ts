/**
 * The back office's list upload (POST /api/admin/kyb/lists) called as Next calls it: an
 * administrator's sanctions file naming a proposal's partner shows on that company's review with
 * a higher score; anyone else is refused; a file too large, binary or malformed is refused in
 * the reader's language and nothing is loaded. Lists are platform-wide, so this file reads a
 * database of its own (db() answers with it): other files' loads would change the versions.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { POST as uploadList } from "../../app/api/admin/kyb/lists/route";
import type { SessionUser } from "../../server/auth/next-auth";
import { config } from "../../server/config";
import { createDb } from "../../server/db/client";
import { MAX_LIST_BYTES } from "../../server/kyb/lists";
import { ProposalRequest } from "../../server/onboarding/schema";
import { createProposal } from "../../server/onboarding/service";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/routers";
import { PNG } from "../onboarding/support";
import { createRunDatabase, type RunDatabase } from "../support/database";
import { newMerchant } from "../support/fixtures";
import { standIn } from "../support/stand-ins";
import { companyProposal, masked, newPartner, sanctionsCsv } from "./support";

vi.mock("../../server/db/client", async (original) => (await import("../support/stand-ins")).dbClient(original));
vi.mock("../../server/auth/next-auth", async (original) => (await import("../support/stand-ins")).nextAuth(original));

const admin: SessionUser = { id: randomUUID(), role: "ADMIN", name: "Operadora", email: "operadora@example.test" };
const merchantUser: SessionUser = { id: randomUUID(), role: "MERCHANT", name: "Loja", email: "loja@example.test" };
const caller = (user: SessionUser) => createCallerFactory(appRouter)({ user });

let run: RunDatabase;

beforeAll(async () => {
  run = await createRunDatabase("pix_kyb_upload");
  standIn.db = createDb(run.url, 4);
});

afterAll(async () => {
  const dbx = standIn.db;
  standIn.db = null;
  standIn.session = null;
  await dbx?.$disconnect();
  await run?.release();
});

beforeEach(() => {
  standIn.session = admin;
});

const origin = () => new URL(config().APP_URL).origin;

function post(body: BodyInit | null, headers: Record<string, string> = {}) {
  return uploadList(
    new Request(`${origin()}/api/admin/kyb/lists`, {
      method: "POST",
      headers: { origin: origin(), ...headers },
      body,
      duplex: "half",
    } as RequestInit),
  );
}

function listForm(kind: string, bytes: Uint8Array, name = "lista.csv") {
  const form = new FormData();
  form.set("kind", kind);
  form.set("file", new File([new Uint8Array(bytes)], name, { type: "text/csv" }));
  return form;
}

const versions = () => (standIn.db as NonNullable<typeof standIn.db>).kybList.count();

describe("POST /api/admin/kyb/lists", () => {
  it("an administrator's sanctions list naming a partner: the review shows the hit, the score rises", async () => {
    const dbx = standIn.db as NonNullable<typeof standIn.db>;
    const owner = await newMerchant({ database: dbx });
    const listed = newPartner("Fulano");
    const other = newPartner("Beltrano");
    // as POST /v4/i/baas/onboarding/new creates it (the account API reads the shared database)
    const proposal = ProposalRequest.parse(companyProposal([listed, other]));
    const { userId } = await createProposal(dbx, owner.userId, proposal);
    const ops = caller(admin);
    const before = (await ops.kyb.company({ userId })).company;
    expect(before?.screening).toMatchObject({ score: 0, recommendation: "approve" });

    const listedAs = listed.name.toUpperCase();
    const res = await post(
      listForm("sanctions", sanctionsCsv([{ name: listedAs, document: "", list: "CSNU" }]), "csnu.csv"),
    );
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({
      list: { kind: "sanctions", version: 1, rowCount: 1, fileName: "csnu.csv" },
      rescreen: { screened: 1, flagged: 0 },
    });

    const after = (await ops.kyb.company({ userId })).company;
    expect(after?.screening).toMatchObject({
      score: 30,
      recommendation: "review",
      trigger: "list_load",
      reasons: [{ code: "SANCTIONS_NAME", points: 30, name: listed.name, detail: "CSNU" }],
      listVersions: { pep: null, sanctions: 1 },
    });
    expect(after?.screening?.score).toBeGreaterThan(before?.screening?.score ?? 0);
    expect(JSON.stringify(after)).not.toContain(listed.cpf);
    const hits = after?.partners.find((p) => p.cpf === masked(listed.cpf))?.hits;
    expect(hits).toMatchObject([{ kind: "sanctions_name", listedName: listedAs, details: { list: "CSNU" } }]);
    expect(after?.partners.find((p) => p.cpf === masked(other.cpf))?.hits).toEqual([]);

    const queue = await ops.onboarding.queue({ status: "PENDING_EMAIL_VERIFICATION" });
    expect(queue.proposals.find((p) => p.userId === userId)?.kyb).toEqual({
      score: 30,
      recommendation: "review",
      flagged: false,
    });
    const lists = await ops.kyb.lists();
    expect(lists.current).toEqual({ pep: null, sanctions: 1 });
    expect(lists.history[0]).toMatchObject({ kind: "sanctions", version: 1, loadedBy: admin.email });
    const audit = await standIn.db?.auditLogEntry.findMany({ where: { action: "kyb.load_list" } });
    expect(audit).toMatchObject([{ actorUserId: admin.id, actorEmail: admin.email, targetId: body.list.id }]);
  });

  it("refuses a merchant (403) and no session (401) before reading the file", async () => {
    const count = await versions();
    const file = () => listForm("sanctions", sanctionsCsv([{ name: "Qualquer Nome", document: "", list: "CEIS" }]));
    standIn.session = merchantUser;
    expect((await post(file())).status).toBe(403);
    standIn.session = null;
    expect((await post(file())).status).toBe(401);
    expect(await versions()).toBe(count);
  });

  it("refuses a file over the limit: by Content-Length unread, and while reading otherwise (413)", async () => {
    const count = await versions();
    let pulled = 0;
    const counting = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const declared = await post(counting, {
      "content-type": "multipart/form-data; boundary=x",
      "content-length": String(MAX_LIST_BYTES * 2),
    });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      message: "O arquivo passa do limite de 64 MB.",
    });
    expect(pulled).toBeLessThanOrEqual(1);

    let sent = 0;
    const chunk = new Uint8Array(1_048_576).fill(0x41);
    const streaming = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.length;
        if (sent > MAX_LIST_BYTES + 8 * 1_048_576) controller.close();
        else controller.enqueue(chunk.slice());
      },
    });
    const streamed = await post(streaming, { "content-type": "multipart/form-data; boundary=x" });
    expect(streamed.status).toBe(413);
    expect(sent).toBeLessThan(MAX_LIST_BYTES + 8 * 1_048_576);
    expect(await versions()).toBe(count);
  });

  it("refuses a binary file, a malformed CSV and a form without kind or file, in pt-BR (or en); nothing is loaded", async () => {
    const count = await versions();
    const png = await post(listForm("sanctions", PNG, "lista.csv"));
    expect(png.status).toBe(400);
    expect(await png.json()).toMatchObject({
      code: "UNSUPPORTED_FILE_TYPE",
      message: "O arquivo precisa ser um CSV em texto, mas o conteúdo é image/png.",
    });
    const nul = await post(listForm("pep", new Uint8Array([0x43, 0x50, 0x46, 0x00, 0x01, 0x02, 0x0a])));
    expect(nul.status).toBe(400);
    expect((await nul.json()).message).toBe("O arquivo precisa ser texto: ele tem bytes de um arquivo binário.");

    const bad = await post(
      listForm("sanctions", Buffer.from("Nome;CPF_CNPJ;Lista\nFulano;;CEIS\nBeltrano;123;CEIS\n")),
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe(
      "Linha 3: 123 não é um CPF nem um CNPJ válido (dígitos verificadores). Nada foi carregado.",
    );
    const english = await post(listForm("sanctions", Buffer.from("Nome;Documento\nFulano;1\n")), {
      cookie: "locale=en",
    });
    expect((await english.json()).message).toBe("The header lacks column(s): CPF_CNPJ, Lista.");

    const noKind = new FormData();
    noKind.set("file", new File([Buffer.from("Nome;CPF_CNPJ;Lista\n")], "x.csv"));
    expect(await (await post(noKind)).json()).toMatchObject({
      status: 400,
      message: "Informe o tipo da lista: PEP ou sanções.",
    });
    const noFile = new FormData();
    noFile.set("kind", "pep");
    expect((await (await post(noFile)).json()).message).toBe("Escolha um arquivo CSV.");
    const json = await post(JSON.stringify({ kind: "pep" }), { "content-type": "application/json" });
    expect(json.status).toBe(400);
    expect(await versions()).toBe(count);
  });
});
