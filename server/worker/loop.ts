/**
 * A worker loop that polls: runs `pass` again right away while it finds work, otherwise every
 * `idleMs`; a failed pass is logged and the loop goes on. `stop` waits for the pass under way.
 */
import { logger } from "../logger";

export function startPollingLoop(name: string, pass: () => Promise<boolean>, idleMs: number) {
  let running = true;
  const loop = (async () => {
    while (running) {
      let worked = false;
      try {
        worked = await pass();
      } catch (error) {
        logger().error({ err: error }, `${name} pass failed`);
      }
      if (!worked) await new Promise((resolve) => setTimeout(resolve, idleMs));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
    },
  };
}
