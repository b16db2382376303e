import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type ChatReceiver, startChatReceiver } from "../../../tests/helpers/directory/chat-receiver.js";
import { Breaker } from "../../core/breaker.js";
import { Alerter } from "./alerts.js";

let dir: string;
let receiver: ChatReceiver;
const breakers: Breaker[] = [];
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "alerts-"));
  receiver = await startChatReceiver();
});
afterEach(() => {
  for (const b of breakers.splice(0)) b.shutdown();
});
afterAll(async () => {
  await receiver.close();
  rmSync(dir, { recursive: true, force: true });
});

function alerter(name: string) {
  const breaker = new Breaker("alert-webhook", { timeoutMs: 500 });
  breakers.push(breaker);
  const logFile = path.join(dir, `${name}.log`);
  const log = () =>
    readFileSync(logFile, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
  return { alerts: new Alerter(`${receiver.url}/hook`, breaker, logFile), breaker, log };
}

describe("operator alerts to a chat webhook", () => {
  for (const mode of ["slack", "mattermost", "teams"] as const)
    it(`count any 2xx as delivered, as ${mode} answers, and keep the breaker closed`, async () => {
      receiver.mode = mode;
      const { alerts, breaker, log } = alerter(mode);
      // More alerts than the breaker's volume threshold: replies read as failures would open it.
      for (let i = 1; i <= 5; i++)
        alerts.send({
          kind: "incident",
          severity: "SEV-2",
          text: `Alert ${i}`,
          incidentId: `INC-20261128-00${i}`,
        });
      await alerts.settled();
      const webhook = log().filter((e) => e.via === "webhook");
      expect(webhook.map((e) => [e.incidentId, e.delivered])).toEqual(
        [1, 2, 3, 4, 5].map((i) => [`INC-20261128-00${i}`, true]),
      );
      expect(breaker.state()).toBe("CLOSED");
      expect(receiver.received.at(-1)?.contentType).toBe("application/json");
    });

  it("logs a failed delivery with its incident, and delivers again once the receiver recovers", async () => {
    const { alerts, log } = alerter("recovers");
    receiver.mode = "fail";
    alerts.send({
      kind: "incident",
      severity: "SEV-1",
      text: "Database down",
      incidentId: "INC-20261128-101",
    });
    await alerts.settled();
    receiver.mode = "slack";
    alerts.send({ kind: "incident", severity: "SEV-1", text: "Still down", incidentId: "INC-20261128-102" });
    await alerts.settled();
    expect(log().filter((e) => e.via === "webhook")).toMatchObject([
      { incidentId: "INC-20261128-101", delivered: false, error: expect.stringContaining("500") },
      { incidentId: "INC-20261128-102", delivered: true },
    ]);
  });

  it("gives up on a receiver that never answers after the breaker's timeout, naming the incident", async () => {
    const { alerts, log } = alerter("stalls");
    receiver.mode = "stall";
    const t0 = Date.now();
    alerts.send({ kind: "incident", severity: "SEV-1", text: "Stalled", incidentId: "INC-20261128-201" });
    await alerts.settled();
    expect(Date.now() - t0).toBeLessThan(3000);
    expect(log().filter((e) => e.via === "webhook")).toMatchObject([
      { incidentId: "INC-20261128-201", delivered: false },
    ]);
    receiver.mode = "slack";
  });
});
