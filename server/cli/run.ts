import type { Db } from "../db/client";
import { AppError } from "../errors";
import { ACCOUNT_USAGE, accountCommand } from "./commands/account";
import { ADMIN_USAGE, adminCommand } from "./commands/admin";
import { APIKEY_USAGE, apikeyCommand } from "./commands/apikey";
import { BOOKS_USAGE, booksCommand } from "./commands/books";
import { FEES_USAGE, feesCommand } from "./commands/fees";
import { KYB_USAGE, kybCommand } from "./commands/kyb";
import { LEDGER_USAGE, ledgerCommand } from "./commands/ledger";
import { LIMITS_USAGE, limitsCommand } from "./commands/limits";
import { MED_USAGE, medCommand } from "./commands/med";
import { MEMBER_USAGE, memberCommand } from "./commands/member";
import { MERCHANT_USAGE, merchantCommand } from "./commands/merchant";
import { ONBOARDING_USAGE, onboardingCommand } from "./commands/onboarding";
import { USER_USAGE, userCommand } from "./commands/user";
import { unreachableDatabaseLine } from "./database";
import { type CliIo, UsageError } from "./io";

export const USAGE = [
  "usage: npm run cli -- <command>",
  "",
  `       ${MERCHANT_USAGE}`,
  `       ${ADMIN_USAGE}`,
  `       ${MEMBER_USAGE}`,
  `       ${USER_USAGE}`,
  `       ${APIKEY_USAGE}`,
  `       ${LEDGER_USAGE}`,
  `       ${BOOKS_USAGE}`,
  `       ${MED_USAGE}`,
  `       ${ACCOUNT_USAGE}`,
  `       ${ONBOARDING_USAGE}`,
  `       ${KYB_USAGE}`,
  `       ${FEES_USAGE}`,
  `       ${LIMITS_USAGE}`,
].join("\n");

/** Runs one CLI command; returns the process exit code (0 ok, 1 refused or no database, 2 bad usage). */
export async function runCli(db: Db, io: CliIo, argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  try {
    if (command === "merchant") await merchantCommand(db, io, args);
    else if (command === "admin") await adminCommand(db, io, args);
    else if (command === "member") await memberCommand(db, io, args);
    else if (command === "user") await userCommand(db, io, args);
    else if (command === "apikey") await apikeyCommand(db, io, args);
    else if (command === "ledger") return await ledgerCommand(db, io, args);
    else if (command === "books") return await booksCommand(db, io, args);
    else if (command === "med") await medCommand(db, io, args);
    else if (command === "account") await accountCommand(db, io, args);
    else if (command === "onboarding") await onboardingCommand(db, io, args);
    else if (command === "kyb") await kybCommand(db, io, args);
    else if (command === "fees") await feesCommand(db, io, args);
    else if (command === "limits") await limitsCommand(db, io, args);
    else if (!command || command === "help" || command === "--help" || command === "-h") {
      io.out(USAGE);
      return command ? 0 : 2;
    } else throw new UsageError(`unknown command "${command}"\n${USAGE}`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`error: ${error.message}`);
      return 2;
    }
    const unreachable = unreachableDatabaseLine(error);
    if (unreachable) {
      io.err(`error: ${unreachable}`);
      return 1;
    }
    if (error instanceof AppError) {
      io.err(`error: ${error.message}`);
      return 1;
    }
    // parseArgs reports unknown or malformed options with a code
    if (error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS")) {
      io.err(`error: ${error.message}`);
      return 2;
    }
    throw error;
  }
}
