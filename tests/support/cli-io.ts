/** An io for runCli (server/cli/run) that keeps what the command printed, each stream's lines apart. */
export function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) }, out, err };
}
