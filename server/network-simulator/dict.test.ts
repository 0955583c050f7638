import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newEndToEndId } from "./ids";
import { type SigningIdentity, signXml, verifyXml } from "./signing";
import { control, PARTICIPANT_ISPB, type RunningSimulator, startSimulator } from "./test-support";
import { buildXml, parseXml, textAt } from "./xml";

let running: RunningSimulator;
let dict: string;

beforeAll(async () => {
  running = await startSimulator();
  dict = `${running.url}/dict/api/v1`;
});
afterAll(() => running.stop());

const OWNER_CPF = "52998224725";

function createEntryXml(
  identity: SigningIdentity,
  fields: { key?: string; keyType?: string; taxIdNumber?: string; requestId?: string; accountNumber?: string },
) {
  const xml = buildXml("CreateEntryRequest", {
    Entry: {
      ...(fields.key !== undefined ? { Key: fields.key } : {}),
      KeyType: fields.keyType ?? "EMAIL",
      Account: {
        Participant: PARTICIPANT_ISPB,
        Branch: "0001",
        AccountNumber: fields.accountNumber ?? "0007654321",
        AccountType: "CACC",
        OpeningDate: "2010-01-10T03:00:00Z",
      },
      Owner: { Type: "NATURAL_PERSON", TaxIdNumber: fields.taxIdNumber ?? OWNER_CPF, Name: "João Silva" },
    },
    Reason: "USER_REQUESTED",
    RequestId: fields.requestId ?? randomUUID(),
  });
  return signXml(xml, identity, "dict-document");
}

async function post(path: string, xml: string) {
  const response = await fetch(`${dict}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/xml" },
    body: xml,
  });
  return { status: response.status, headers: response.headers, xml: await response.text() };
}

async function getEntry(key: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${dict}/entries/${encodeURIComponent(key)}`, {
    headers: {
      "PI-RequestingParticipant": "87654321",
      "PI-PayerId": "11144477735",
      "PI-EndToEndId": newEndToEndId("87654321"),
      ...headers,
    },
  });
  return { status: response.status, headers: response.headers, xml: await response.text() };
}

const problemType = (xml: string) => textAt(parseXml(xml).root, "type")?.split("/").at(-1);
const verified = (xml: string) => verifyXml(xml, "dict-document", running.network.certificatePem).status === "verified";

describe("createEntry", () => {
  it("creates a signed entry, answers a retry of the same RequestId identically, and refuses its reuse", async () => {
    const requestId = randomUUID();
    const request = createEntryXml(running.participant, { key: "joao@example.com", requestId });
    const created = await post("/entries/", request);
    expect(created.status).toBe(201);
    expect(verified(created.xml)).toBe(true);
    expect(textAt(parseXml(created.xml).root, "Entry/Key")).toBe("joao@example.com");
    const retry = await post("/entries/", request);
    expect(retry.status).toBe(201);
    expect(retry.xml).toBe(created.xml);
    const reused = await post(
      "/entries/",
      createEntryXml(running.participant, { key: "outro@example.com", requestId }),
    );
    expect([reused.status, problemType(reused.xml)]).toEqual([400, "RequestIdAlreadyUsed"]);
    const again = await post("/entries/", createEntryXml(running.participant, { key: "joao@example.com" }));
    expect(problemType(again.xml)).toBe("EntryAlreadyExists");
    const otherPerson = await post(
      "/entries/",
      createEntryXml(running.participant, { key: "joao@example.com", taxIdNumber: "11144477735" }),
    );
    expect(problemType(otherPerson.xml)).toBe("EntryKeyOwnedByDifferentPerson");
  });

  it("answers EntryKeyInCustodyOfDifferentParticipant for a key a simulated institution holds", async () => {
    const answer = await post("/entries/", createEntryXml(running.participant, { key: "maria@other-psp.sandbox" }));
    expect([answer.status, problemType(answer.xml)]).toEqual([400, "EntryKeyInCustodyOfDifferentParticipant"]);
    expect(verified(answer.xml)).toBe(true);
  });

  it("refuses a request signed by another key, and one with invalid fields", async () => {
    const forged = await post("/entries/", createEntryXml(running.stranger, { key: "forged@example.com" }));
    expect([forged.status, problemType(forged.xml)]).toEqual([400, "RequestSignatureInvalid"]);
    const invalid = await post(
      "/entries/",
      createEntryXml(running.participant, { keyType: "CPF", key: "12345678900" }),
    );
    expect([invalid.status, problemType(invalid.xml)]).toEqual([400, "EntryInvalid"]);
    expect(textAt(parseXml(invalid.xml).root, "violations/violation/property")).toBe("entry.key");
  });
});

describe("checkKeys", () => {
  const checkKeys = (identity: SigningIdentity, keys: string[]) =>
    post("/keys/check", signXml(buildXml("CheckKeysRequest", { Keys: { Key: keys } }), identity, "dict-document"));

  it("says which keys a participant holds, signed: registered or a simulated institution's, not a made-up customer", async () => {
    await post("/entries/", createEntryXml(running.participant, { key: "consulta@example.com" }));
    const answer = await checkKeys(running.participant, [
      "consulta@example.com",
      "maria@other-psp.sandbox",
      "ninguem@example.com",
    ]);
    expect(answer.status).toBe(200);
    expect(verified(answer.xml)).toBe(true);
    const { rootName, root } = parseXml(answer.xml);
    expect(rootName).toBe("CheckKeysResponse");
    const listed = (root.Keys as { Key: { "#text": string; "@_hasEntry": string }[] }).Key;
    expect(listed.map((key) => [key["#text"], key["@_hasEntry"]])).toEqual([
      ["consulta@example.com", "true"],
      ["maria@other-psp.sandbox", "true"],
      ["ninguem@example.com", "false"],
    ]);
  });

  it("refuses a request signed by another key, and one with no key or a malformed one", async () => {
    const forged = await checkKeys(running.stranger, ["a@example.com"]);
    expect([forged.status, problemType(forged.xml)]).toEqual([400, "RequestSignatureInvalid"]);
    const malformed = await checkKeys(running.participant, ["not a key"]);
    expect([malformed.status, problemType(malformed.xml)]).toEqual([400, "BadRequest"]);
    const empty = await post(
      "/keys/check",
      signXml(buildXml("CheckKeysRequest", { Keys: "" }), running.participant, "dict-document"),
    );
    expect([empty.status, problemType(empty.xml)]).toEqual([400, "BadRequest"]);
  });
});

describe("getEntry", () => {
  it("resolves an unregistered key to the same simulated customer every time, signed, with Statistics and Cache-Control", async () => {
    const first = await getEntry("+5561988880000");
    const second = await getEntry("+5561988880000");
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toMatch(/max-age=/);
    expect(verified(first.xml)).toBe(true);
    const root = parseXml(first.xml).root;
    expect(textAt(root, "Entry/Account/Participant")).toMatch(/^1000000[1-4]$/);
    expect(textAt(parseXml(second.xml).root, "Entry/Account/AccountNumber")).toBe(
      textAt(root, "Entry/Account/AccountNumber"),
    );
    expect(textAt(root, "Statistics/LastUpdated")).toBeDefined();
  });

  it("answers 400 for missing or malformed headers and 404 NotFound for an unknown key", async () => {
    const missing = await fetch(`${dict}/entries/${encodeURIComponent("a@example.com")}`);
    expect(missing.status).toBe(400);
    expect(problemType(await missing.text())).toBe("BadRequest");
    const malformed = await getEntry("a@example.com", { "PI-PayerId": "123" });
    expect(malformed.status).toBe(400);
    const unknown = await getEntry("ninguem@notfound.invalid", { "PI-PayerId": "39053344705" });
    expect([unknown.status, problemType(unknown.xml)]).toEqual([404, "NotFound"]);
    expect(verified(unknown.xml)).toBe(true);
  });

  it("limits a payer's look-ups: five 404s (20 tokens each of 100) and the next one is 429 RateLimited", async () => {
    const headers = { "PI-PayerId": "15350946056" };
    for (let lookup = 0; lookup < 5; lookup++) {
      expect((await getEntry(`scan${lookup}@notfound.invalid`, headers)).status).toBe(404);
    }
    const limited = await getEntry("real@example.com", headers);
    expect([limited.status, problemType(limited.xml)]).toEqual([429, "RateLimited"]);
    expect((await getEntry("real@example.com", { "PI-PayerId": "11144477735" })).status).toBe(200);
  });

  it("answers a tampered response whose signature no longer verifies while the fault lasts", async () => {
    await control(running.url, "/faults", { tamperDictResponses: 1 });
    const tampered = await getEntry("tamper@example.com");
    const clean = await getEntry("tamper@example.com");
    expect(tampered.status).toBe(200);
    expect(verified(tampered.xml)).toBe(false);
    expect(verified(clean.xml)).toBe(true);
  });
});

describe("deleteEntry and the empty lists", () => {
  it("deletes the participant's entry with a signed request, then the key is the simulated customer's again", async () => {
    await post("/entries/", createEntryXml(running.participant, { key: "apagar@example.com", accountNumber: "555" }));
    const request = (participant: string) =>
      signXml(
        buildXml("DeleteEntryRequest", {
          Key: "apagar@example.com",
          Participant: participant,
          Reason: "USER_REQUESTED",
        }),
        running.participant,
        "dict-document",
      );
    const forbidden = await post(`/entries/${encodeURIComponent("apagar@example.com")}/delete`, request("87654321"));
    expect([forbidden.status, problemType(forbidden.xml)]).toEqual([403, "Forbidden"]);
    const deleted = await post(
      `/entries/${encodeURIComponent("apagar@example.com")}/delete`,
      request(PARTICIPANT_ISPB),
    );
    expect(deleted.status).toBe(200);
    expect(verified(deleted.xml)).toBe(true);
    const gone = await post(`/entries/${encodeURIComponent("apagar@example.com")}/delete`, request(PARTICIPANT_ISPB));
    expect(gone.status).toBe(404);
  });

  it("lists no claims and no infraction reports, signed", async () => {
    const claims = await fetch(`${dict}/claims/?Participant=${PARTICIPANT_ISPB}`);
    const claimsXml = await claims.text();
    expect(claims.status).toBe(200);
    expect(textAt(parseXml(claimsXml).root, "HasMoreElements")).toBe("false");
    expect(verified(claimsXml)).toBe(true);
    const reports = await fetch(`${dict}/infraction-reports/?Participant=${PARTICIPANT_ISPB}`);
    expect(parseXml(await reports.text()).rootName).toBe("ListInfractionReportsResponse");
    expect((await fetch(`${dict}/claims/`)).status).toBe(400);
  });
});
