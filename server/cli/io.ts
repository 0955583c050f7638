/** Output of the operator CLI: human text by default, one JSON document with --json. */
export class UsageError extends Error {}

export type CliIo = { out: (line: string) => void; err: (line: string) => void };

export const consoleIo: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

export function emit(io: CliIo, json: boolean, value: unknown, human: () => string[]): void {
  if (json) io.out(JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? v.toString() : v), 2));
  else for (const line of human()) io.out(line);
}

export function required(values: Record<string, unknown>, ...names: string[]): void {
  const missing = names.filter((n) => values[n] === undefined || values[n] === "");
  if (missing.length) throw new UsageError(`missing ${missing.map((n) => `--${n}`).join(", ")}`);
}
