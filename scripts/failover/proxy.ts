/**
 * It runs in its own process (forked by `spawnProxy`, steered over IPC), like the real thing —
 * and because the drill's process blocks at times (the migration runs synchronously).
 *
 * The one address the app has for its database, as a cloud's DNS name or a load balancer gives
 * it: a TCP relay to whichever server is the primary. Pointing it elsewhere cuts every relayed
 * connection, as a balancer does when it marks its target down; new ones reach the new target.
 */
import { fork } from "node:child_process";
import { type AddressInfo, connect, createServer, type Socket } from "node:net";

async function startProxy(targetPort: number) {
  let target = targetPort;
  const pairs = new Set<[Socket, Socket]>();
  const server = createServer((client) => {
    const upstream = connect(target, "127.0.0.1");
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const close = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    for (const socket of pair) {
      socket.setNoDelay(true);
      socket.on("error", close);
      socket.on("close", close);
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const cutAll = () => {
    for (const [client, upstream] of pairs) {
      client.destroy();
      upstream.destroy();
    }
    pairs.clear();
  };
  return {
    port,
    url: (database = "postgres") => `postgresql://postgres@127.0.0.1:${port}/${database}`,
    pointAt: (port: number) => {
      target = port;
      cutAll();
    },
    close: async () => {
      cutAll();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

type Message = { port: number } | { target: number };

/** The proxy in a child process: its address, and the call that points it at another server. */
export async function spawnProxy(targetPort: number) {
  const child = fork(import.meta.filename, [String(targetPort)], { execArgv: ["--import", "tsx"], stdio: "inherit" });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("message", (m: Message) => ("port" in m ? resolve(m.port) : reject(new Error("proxy"))));
    child.once("exit", () => reject(new Error("the proxy exited")));
  });
  return {
    port,
    url: (database = "postgres") => `postgresql://postgres@127.0.0.1:${port}/${database}`,
    pointAt: (target: number) =>
      new Promise<void>((resolve) => {
        child.once("message", () => resolve());
        child.send({ target } satisfies Message);
      }),
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    },
  };
}

if (process.argv[1] === import.meta.filename && process.send) {
  const proxy = await startProxy(Number(process.argv[2]));
  process.on("message", (m: Message) => {
    if ("target" in m) proxy.pointAt(m.target);
    process.send?.({ target: "target" in m ? m.target : 0 } satisfies Message);
  });
  process.on("disconnect", () => process.exit(0));
  process.send({ port: proxy.port } satisfies Message);
}
