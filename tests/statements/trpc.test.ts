import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { processNextStatement } from "../../server/statements/generate";
import { createCallerFactory } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/routers";
import { aroundNow, deps, merchantWithEntries } from "./support";

const callerFor = (user: { id: string; email: string }) =>
  createCallerFactory(appRouter)({ user: { id: user.id, email: user.email, name: "Loja", role: "MERCHANT" } });

describe("statements on the dashboard (tRPC)", () => {
  let merchant: Awaited<ReturnType<typeof merchantWithEntries>>;
  let email: string;

  beforeAll(async () => {
    merchant = await merchantWithEntries(2);
    email = (await db().user.findUniqueOrThrow({ where: { id: merchant.userId } })).email;
  });

  it("requests with the shared schema, then lists the statement with its progress and link", async () => {
    const caller = callerFor({ id: merchant.userId, email });
    const { extractId } = await caller.statements.request({
      accountId: merchant.accountId,
      format: "csv",
      ...aroundNow(),
    });
    const queued = await caller.statements.get({ id: extractId });
    expect(queued).toMatchObject({ status: "new", requestedBy: email, rowsWritten: 0, errorCode: null });
    expect(queued).not.toHaveProperty("reportUrl");

    await processNextStatement(deps(), extractId);
    const { statements, total } = await caller.statements.list({ page: 1, limit: 10 });
    expect(total).toBe(1);
    expect(statements[0]).toMatchObject({ id: extractId, status: "done", rowsWritten: 2, rowsTotal: 2 });
    expect(statements[0]?.reportUrl).toMatch(
      new RegExp(`/api/statements/${extractId}/download\\?expires=\\d+&signature=`),
    );
  });

  it("writes the statement in the language of the dashboard it was requested from", async () => {
    // The context's locale comes from the locale cookie (requestLocale, i18n/request-locale.test.ts).
    const caller = createCallerFactory(appRouter)({
      user: { id: merchant.userId, email, name: "Loja", role: "MERCHANT" },
      locale: "en",
    });
    const { extractId } = await caller.statements.request({ accountId: merchant.accountId, ...aroundNow() });
    await processNextStatement(deps(), extractId);
    const statement = await db().statement.findUniqueOrThrow({ where: { id: extractId } });
    expect(statement.locale).toBe("en");
    expect(statement.reportId).toMatch(new RegExp(`^statement-${merchant.accountId}-.*\\.pdf$`));
  });

  it("refuses another merchant's account and hides another merchant's statement", async () => {
    const other = await merchantWithEntries(0);
    const caller = callerFor({ id: merchant.userId, email });
    await expect(
      caller.statements.request({ accountId: other.accountId, startDate: 1, endDate: 2 }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(
      caller.statements.request({ accountId: merchant.accountId, startDate: "2026-02-02", endDate: "2026-02-01" }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const theirs = await callerFor({ id: other.userId, email: "x@example.test" }).statements.request({
      accountId: other.accountId,
      startDate: 1,
      endDate: 2,
    });
    await expect(caller.statements.get({ id: theirs.extractId })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
