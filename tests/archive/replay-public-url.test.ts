// Behind a proxy, replay has its own host name: every replay link the server gives uses the public
// address it was told (REPLAY_PUBLIC_URL), never the listener's loopback port.
import { afterAll, beforeAll, expect, it } from "vitest";
import { createArchiveModule } from "../../server/archive/index.js";
import { fetchHealthDetails } from "../helpers/admin-token.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    modules: [createArchiveModule()],
    env: { REPLAY_PUBLIC_URL: "https://replay.example-archive.ca/", ARCHIVE_DEMO_CRAWL: "0" },
  });
});
afterAll(async () => {
  await server?.close();
});

it("gives the public replay address in its answers", async () => {
  const body = await (await fetchHealthDetails(server.baseUrl)).json();
  expect(body.archive.replayUrl).toBe("https://replay.example-archive.ca");
});
