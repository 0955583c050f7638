/** The end of a crash or cluster test's audit: known defects let through by name, the rest are problems. */
import { knownDefect } from "../../tests/hardening/known-defects";
import type { AuditResult } from "./audit";
import type { Managed } from "./processes";

/** Logs every problem and the verdict; true when the test failed. */
export function verdict(result: AuditResult, processes: Managed[], logs: string, log: (message: string) => void) {
  for (const { allows, detail } of result.allowed) {
    const known = knownDefect(allows);
    if (known) log(`known defect "${known.summary}" (${known.owner}) allowed: ${detail}`);
    else result.problems.push(detail);
  }
  for (const process of processes) result.problems.push(...process.outboundRefusals());
  for (const problem of result.problems) log(`PROBLEM ${problem}`);
  const failed = result.problems.length > 0;
  log(failed ? `FAILED with ${result.problems.length} problems (logs in ${logs})` : "passed");
  return failed;
}
