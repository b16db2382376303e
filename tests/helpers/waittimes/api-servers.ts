/**
 * The wait-time API tests' servers: the real server over a fresh database of either backend, empty
 * or loaded with 48 hours of Alberta deliveries and a Quebec import, and a typed GET.
 */
import { afterAll } from "vitest";
import { systemClock } from "../../../server/core/clock.js";
import { createWaittimesModule } from "../../../server/waittimes/index.js";
import { ingestFeed } from "../../../server/waittimes/ingest.js";
import { setMethodologyOverride } from "../../../server/waittimes/methodology-override.js";
import type { WaittimesRepository } from "../../../server/waittimes/repository.js";
import { waittimesRepository } from "../../../server/waittimes/repository-of.js";
import { type Backend, pgBackend } from "../pg-backend.js";
import { startTestServer, type TestServer } from "../server.js";
import { albertaFeed, quebecTable } from "./feeds.js";

export const HOUR = 3600_000;

/** The error envelope every 4xx carries. */
export interface ApiError {
  success: false;
  error: string;
  message: string;
}

/** GETs `path` and reads the JSON body as the type the endpoint documents. */
export async function get<T>(server: TestServer, path: string): Promise<{ status: number; body: T }> {
  const res = await fetch(server.baseUrl + path);
  return { status: res.status, body: (await res.json()) as T };
}

/**
 * Servers for one test file: a throwaway PostgreSQL cluster when the file first asks for the pg
 * backend, removed after the file's tests.
 */
export function waittimesServers() {
  const backends = pgBackend();
  afterAll(() => backends.close());

  /**
   * Starts the real server on a fresh database of `backend`, then writes through its repository
   * with `prepare`, given the time the server's clock stays at: hourly windows would otherwise
   * move under a test that loads data at 13:59 and asks at 14:00 (or loads in an hour's first
   * minute, when its "one minute ago" falls in the hour before).
   */
  async function serverWith(
    backend: Backend,
    prepare: (repo: WaittimesRepository, now: number) => Promise<void> = async () => {},
  ): Promise<TestServer> {
    const databaseUrl = await backends.databaseUrl(backend);
    // Half past an hour that has passed: the hour's buckets are settled on every clock reading.
    const now = Math.floor(Date.now() / HOUR) * HOUR - HOUR / 2;
    const clock = { ...systemClock, now: () => now };
    const server = await startTestServer({ modules: [createWaittimesModule({ clock })], databaseUrl });
    await prepare(waittimesRepository(server.contexts.get("waittimes")!), now);
    return server;
  }

  return { serverWith, loadedServer: (backend: Backend) => serverWith(backend, loadAlbertaAndQuebec) };
}

/**
 * 48 hourly Alberta deliveries (the last 24 h 20 % slower than the 24 h before, for Foothills only),
 * two Quebec hospitals with occupancy, and one Alberta hospital publishing a median: a second
 * methodology group in AB.
 */
async function loadAlbertaAndQuebec(repo: WaittimesRepository, now: number): Promise<void> {
  const sites = [
    { name: "Foothills Medical Centre", base: 100 },
    { name: "Rockyview General Hospital", base: 50 },
    { name: "Peter Lougheed Centre", base: 80 },
    { name: "South Health Campus", base: 60 },
  ];
  for (let k = 47; k >= 0; k--) {
    const at = now - k * HOUR - 60_000;
    const text = albertaFeed(
      sites.map((s) => ({
        name: s.name,
        minutes: s.name.startsWith("Foothills") && k < 24 ? 120 : s.base,
        at,
      })),
    );
    await ingestFeed(repo, { sourceId: "alberta-ahs", kind: "poll", text });
  }
  const qc = quebecTable([
    {
      name: "Hôpital général juif",
      total: 40,
      occupied: 50,
      waiting: 12,
      wait: 95,
      at: now - 20 * 60_000,
    },
    { name: "Hôpital de Verdun", total: 20, occupied: 15, waiting: 3, wait: 60, at: now - 20 * 60_000 },
  ]);
  await ingestFeed(repo, {
    sourceId: "quebec-msss",
    kind: "import",
    text: qc,
    fileName: "qc.csv",
  });
  // A median from before its first reading: its whole history was measured that way.
  await setMethodologyOverride(
    repo,
    "ca-ab-south-health-campus",
    { statistic_type: "MEDIAN" },
    { from: Math.floor(now / 1000) - 72 * 3600, by: "test" },
  );
}
