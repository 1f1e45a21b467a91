import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { healthRoutes } from "../../server/health";

/**
 * How long this process's main thread has run on a CPU, in ms (Linux): the
 * event loop's work, without the time it waited for a busy machine. Vitest
 * runs test files in forked processes, on their main thread.
 */
function mainThreadCpuMs(): number {
  return Number(fs.readFileSync(`/proc/self/task/${process.pid}/schedstat`, "utf8").split(" ")[0]) / 1e6;
}

/**
 * The server's /healthz, served on this process's event loop and asked
 * every `everyMs` from it until `stop()`. Between two answers, `wait` is the
 * longest time that passed and `work` the longest the thread ran: a request
 * never waited longer than `wait`, and no step held the event loop for
 * longer than `work`.
 */
export async function watchHealthz(pingDatabase: (timeoutMs: number) => Promise<boolean>, everyMs = 20) {
  const app = express().use(healthRoutes({ isShuttingDown: () => false, pingDatabase }));
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/healthz`;
  let watching = true;
  const longest = { wait: 0, work: 0 };
  const asking = (async () => {
    let last = { at: performance.now(), cpu: mainThreadCpuMs() };
    while (watching) {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`/healthz answered ${response.status}`);
      await response.arrayBuffer();
      const now = { at: performance.now(), cpu: mainThreadCpuMs() };
      longest.wait = Math.max(longest.wait, now.at - last.at);
      longest.work = Math.max(longest.work, now.cpu - last.cpu);
      last = now;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop(): Promise<{ wait: number; work: number }> {
      watching = false;
      await asking.finally(() => {
        server.close();
        server.closeAllConnections();
      });
      return longest;
    },
  };
}
