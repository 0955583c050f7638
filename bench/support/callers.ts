/**
 * `callers` loops, each running `once` again and again until `seconds` have passed. Answers how
 * many runs were made.
 */
export async function callersUntil(callers: number, seconds: number, once: () => Promise<unknown>): Promise<number> {
  const until = Date.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (Date.now() < until) {
        await once();
        done++;
      }
    }),
  );
  return done;
}
