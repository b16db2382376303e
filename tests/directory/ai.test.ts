import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { directoryModule } from "../../server/directory/index.js";
import { type FakeUpstream, startFakeUpstream } from "../helpers/directory/fake-upstream.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

let upstream: FakeUpstream;
let withAi: TestServer;
let withoutAi: TestServer;
beforeAll(async () => {
  upstream = await startFakeUpstream();
  withoutAi = await startTestServer({ modules: [directoryModule], demo: true });
  withAi = await startTestServer({
    modules: [directoryModule],
    demo: true,
    env: { AI_BASE_URL: upstream.url, AI_TIMEOUT_MS: "400", AI_BREAKER_RESET_MS: "60000" },
  });
});
afterAll(async () => {
  await withAi.close();
  await withoutAi.close();
  await upstream.close();
});

const interpret = (s: TestServer, question: string) =>
  fetch(`${s.baseUrl}/api/v1/ai/interpret`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ question }),
  });
const search = (s: TestServer, query: string) =>
  fetch(`${s.baseUrl}/api/v1/search/services`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query }),
  });

describe("optional AI", () => {
  it("is off without AI_BASE_URL: the needs vocabulary and the record answer", async () => {
    const res = await interpret(withoutAi, "I can't pay my rent");
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({ category: "housing", source: "vocabulary" });
    const summary = await (
      await fetch(`${withoutAi.baseUrl}/api/v1/services/crisis-988/summary?lang=fr`)
    ).json();
    expect(summary.data.source).toBe("record");
    expect(summary.data.summary).toContain("988");
    expect(upstream.received.length).toBe(0);
  });
  it("uses the provider when it answers", async () => {
    upstream.mode = "answer";
    upstream.answer = '{"category":"food","keywords":["groceries","food bank"]}';
    const body = await (await interpret(withAi, "where can I get groceries")).json();
    expect(body.data).toEqual({ category: "food", keywords: ["groceries", "food bank"], source: "ai" });
    expect(upstream.received.at(-1)?.path).toBe("/chat/completions");
    upstream.answer = "Call 988 any time to talk about suicide.";
    const summary = await (await fetch(`${withAi.baseUrl}/api/v1/services/crisis-988/summary`)).json();
    expect(summary.data).toEqual({ summary: "Call 988 any time to talk about suicide.", source: "ai" });
  });
  it("falls back when the provider answers nonsense", async () => {
    upstream.answer = "not json at all";
    const body = await (await interpret(withAi, "I can't pay my rent")).json();
    expect(body.data.source).toBe("vocabulary");
  });
  it("falls back within the timeout when the provider stalls, and search never waits on it", async () => {
    upstream.mode = "stall";
    const t0 = Date.now();
    const body = await (await interpret(withAi, "j'ai faim")).json();
    expect(body.data).toMatchObject({ category: "food", source: "vocabulary" });
    expect(Date.now() - t0).toBeLessThan(3000);
    const t1 = Date.now();
    expect((await search(withAi, "food bank")).status).toBe(200);
    expect(Date.now() - t1).toBeLessThan(2000);
  });
  it("opens the breaker when the provider fails; health turns degraded and admins see the state", async () => {
    upstream.mode = "fail";
    for (let i = 0; i < 4; i++)
      expect((await (await interpret(withAi, "help with rent")).json()).data.source).toBe("vocabulary");
    const before = upstream.received.length;
    expect((await (await interpret(withAi, "help with rent")).json()).data.source).toBe("vocabulary");
    expect(upstream.received.length).toBe(before); // open: the provider is not called
    const health = await fetch(`${withAi.baseUrl}/api/v1/health`);
    expect(health.status).toBe(200);
    expect((await health.json()).status).toBe("degraded");
  });
  it("rejects a bad question with 400", async () => {
    expect((await interpret(withoutAi, "")).status).toBe(400);
    expect((await fetch(`${withoutAi.baseUrl}/api/v1/services/nope/summary`)).status).toBe(404);
  });
});
