/**
 * The signed form of a gateway request body (interface 5.2): the body parsed and written back
 * compactly with the keys of every object sorted (UTF-16 code unit order, as Array#sort does).
 * Numbers come out in JavaScript's shortest round-trip form (`10.50` → `10.5`, `1e2` → `100`),
 * strings as JSON.stringify writes them (non-ASCII characters as themselves).
 *
 * Written with an explicit stack, not recursion: a deeply nested body must not overflow the
 * call stack (the pipeline refuses bodies past JSON_MAX_DEPTH before this runs, too).
 */
type Frame = { close: string; items: (() => void)[] };

export function canonicalJson(value: unknown): string {
  let out = "";
  // Work items run in LIFO order; each writes a token or pushes more work.
  const work: (() => void)[] = [];
  const visit = (v: unknown) => () => {
    if (Array.isArray(v)) {
      const frame: Frame = { close: "]", items: [] };
      v.forEach((item, i) => {
        frame.items.push(() => {
          if (i > 0) out += ",";
        }, visit(item));
      });
      out += "[";
      schedule(frame);
    } else if (v !== null && typeof v === "object") {
      const record = v as Record<string, unknown>;
      const frame: Frame = { close: "}", items: [] };
      Object.keys(record)
        .sort()
        .forEach((key, i) => {
          frame.items.push(() => {
            out += `${i > 0 ? "," : ""}${JSON.stringify(key)}:`;
          }, visit(record[key]));
        });
      out += "{";
      schedule(frame);
    } else {
      out += JSON.stringify(v) ?? "null";
    }
  };
  const schedule = (frame: Frame) => {
    work.push(() => {
      out += frame.close;
    });
    for (let i = frame.items.length - 1; i >= 0; i--) work.push(frame.items[i] as () => void);
  };
  work.push(visit(value));
  while (work.length > 0) (work.pop() as () => void)();
  return out;
}
