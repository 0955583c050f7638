import { disconnectDb } from "../db/client";
import { lazyDb, openCliDb } from "./database";
import { consoleIo } from "./io";
import { runCli } from "./run";

const code = await runCli(lazyDb(openCliDb), consoleIo, process.argv.slice(2));
await disconnectDb();
process.exit(code);
