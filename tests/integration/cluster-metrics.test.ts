/**
 * /metrics with several app processes while one of them is stalled (a long synchronous task) or
 * still starting: the scrape answers within seconds with the figures of the processes that
 * answered, and says how many were asked and answered, instead of failing as a whole (prom-client's
 * own cluster collection waits for every connected worker and rejected after 5 s).
 */
import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import { afterAll, expect, it } from "vitest";
import { freePort } from "../helpers/external-tool.js";
import { nodeArgsFor } from "../helpers/server-bundle.js";

let child: ChildProcess | undefined;
afterAll(() => {
  child?.kill("SIGTERM");
});

it("answers from the processes that answer while another is stalled, and says how many did", async () => {
  const port = await freePort();
  child = spawn(process.execPath, nodeArgsFor("tests/helpers/cluster-metrics-app.ts"), {
    env: { ...process.env, METRICS_PORT: String(port), STALL_MS: "20000" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout?.on("data", (b: Buffer) => {
    out += b.toString();
  });
  const giveUp = Date.now() + 60_000;
  while (!(out.includes("serving") && out.includes("stalled")) && Date.now() < giveUp)
    await new Promise((r) => setTimeout(r, 100));
  const started = Date.now();
  // node:http: this is no API answer of ours to check against the OpenAPI document.
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) =>
    http
      .get(`http://127.0.0.1:${port}/metrics`, (res) => {
        let body = "";
        res.on("data", (b: Buffer) => {
          body += b.toString();
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text: body }));
      })
      .on("error", reject),
  );
  // Before: "metrics of the app processes could not be collected: … Operation timed out" (503).
  expect(status, text).toBe(200);
  expect(Date.now() - started).toBeLessThan(10_000);
  expect(text).toMatch(/^archive_search_requests_total 3$/m);
  expect(text).toMatch(/^chc_app_processes 2$/m);
  expect(text).toMatch(/^chc_app_processes_reporting 1$/m);
}, 90_000);
