import { db, disconnectDb } from "../db/client";
import { consoleIo } from "./io";
import { runCli } from "./run";

const code = await runCli(db(), consoleIo, process.argv.slice(2));
await disconnectDb();
process.exit(code);
