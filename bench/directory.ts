/**
 * Directory benchmark over 10,000 generated services (variations of the 196 default ones, spread
 * around Kingston): POST /api/v1/search/services and GET /api/v1/services at 8 and 32 connections
 * against the real server in a child process, plus the shared ranking's time per query in-process
 * (the figure the offline web app sees). Targets at 8 connections: search p95 ≤ 20 ms, list p95 ≤ 10 ms.
 * Standalone: `npx tsx bench/directory.ts` (BENCH_SECONDS sets each run's length, default 8).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createStore } from "../server/db/store.js";
import { directoryModule } from "../server/directory/index.js";
import { writeService } from "../server/directory/repository-sqljs/service-rows.js";
import { readSeedServices } from "../server/directory/seed/seed-directory.js";
import { seededRandom } from "../server/waittimes/demo-model.js";
import { type DirectoryService, rankServices } from "../shared/directory/index.js";
import { type BenchRow, load, percentiles, printTable, startServerChild, stopChild } from "./lib.js";

const QUERIES = [
  "food bank",
  "I can't pay my rent",
  "my partner hurts me",
  "j'ai faim",
  "hébergement",
  "shleter",
  "legal aid",
  "je veux mourir",
  "walk-in clinic",
  "emploi",
  "overdose",
  "library",
  "dentist",
  "aide juridique",
  "I need someone to talk to",
];

const AREAS = [
  "Kingston",
  "Napanee",
  "Gananoque",
  "Brockville",
  "Belleville",
  "Perth",
  "Amherstview",
  "Sydenham",
];

export function generateServices(count: number, now = new Date()): DirectoryService[] {
  const seed = readSeedServices();
  const rand = seededRandom(42);
  const at = now.toISOString();
  const out: DirectoryService[] = [];
  for (let i = 0; i < count; i++) {
    const base = seed[i % seed.length];
    const area = AREAS[Math.floor(rand() * AREAS.length)];
    const id = `${base.id}-g${i}`;
    out.push({
      ...base,
      id,
      organizationId: `${base.organizationId}-g${i % 2000}`,
      name: { en: `${base.name.en} ${area} ${i}`, fr: `${base.name.fr} ${area} ${i}` },
      locations: base.locations.map((l) => ({
        ...l,
        id: `${l.id}-g${i}`,
        lat: l.lat === null ? null : l.lat + (rand() - 0.5) * 0.6,
        lng: l.lng === null ? null : l.lng + (rand() - 0.5) * 0.9,
      })),
      version: 1,
      updatedAt: at,
    });
  }
  return out;
}

export async function prepareDataDir(services: DirectoryService[]): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "chc-bench-directory-"));
  const quiet = { info() {}, warn() {}, error() {} };
  const store = await createStore({
    dataDir,
    name: "directory",
    migrations: directoryModule.migrations,
    logger: quiet as never,
  });
  const at = new Date().toISOString();
  for (let i = 0; i < services.length; i += 1000) {
    const chunk = services.slice(i, i + 1000);
    await store.write((tx) => {
      for (const s of chunk) writeService(tx, s, at);
    });
  }
  await store.checkpoint();
  await store.close();
  return dataDir;
}

function rankingRows(services: DirectoryService[]): BenchRow[] {
  const now = new Date();
  const t0 = performance.now();
  rankServices(services, "warm up", { now });
  const indexMs = performance.now() - t0;
  const full: number[] = [];
  const top: number[] = [];
  const located: number[] = [];
  const time = (into: number[], fn: () => unknown) => {
    const t = performance.now();
    fn();
    into.push(performance.now() - t);
  };
  for (let round = 0; round < 20; round++) {
    for (const q of QUERIES) {
      time(full, () => rankServices(services, q, { now }));
      time(top, () => rankServices(services, q, { now, limit: 20 }));
      const near = { lat: 44.23, lng: -76.49 };
      time(located, () =>
        rankServices(services, q, { now, limit: 20, location: near, radiusKm: 25, openNow: round % 2 === 0 }),
      );
    }
  }
  const row = (name: string, samples: number[], extra?: string): BenchRow => {
    const p = percentiles(samples);
    return { name, connections: 0, ...p, rps: 1000 / p.p50, extra };
  };
  return [
    row(
      "shared rankServices, every match sorted (in-process)",
      full,
      `index build ${indexMs.toFixed(0)} ms, once per service list`,
    ),
    row("shared rankServices, top 20 (in-process)", top, "what a results page needs"),
    row("shared rankServices, top 20 + location/radius/open-now", located),
  ];
}

export async function benchDirectory(
  durationSeconds = Number(process.env.BENCH_SECONDS ?? 8),
): Promise<BenchRow[]> {
  const services = generateServices(10_000);
  const rows: BenchRow[] = rankingRows(services);
  const dataDir = await prepareDataDir(services);
  try {
    const server = await startServerChild(dataDir);
    const base = server.url;
    const searchRequests = QUERIES.map((query) => ({
      method: "POST",
      path: "/api/v1/search/services",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query, limit: 20 }),
    }));
    // The default page (20 services), at several depths of the listing.
    const listRequests = [0, 20, 100, 5000, 9980].map((offset) => ({
      method: "GET",
      path: `/api/v1/services?offset=${offset}`,
    }));
    // Distinct queries every time (a number no query repeats), so the server's ranking cache never answers.
    let n = 0;
    const uniqueRequests = [
      {
        method: "POST",
        path: "/api/v1/search/services",
        headers: { "content-type": "application/json" },
        setupRequest: (req: Record<string, unknown>) => ({
          ...req,
          body: JSON.stringify({ query: `${QUERIES[n % QUERIES.length]} ${n++}`, limit: 20 }),
        }),
      },
    ];
    // Warm-up builds the server's ranking index and JIT-compiles the hot paths.
    await load({ url: base, connections: 4, durationSeconds: 2, requests: searchRequests });
    await load({ url: base, connections: 4, durationSeconds: 1, requests: listRequests });
    for (const connections of [8, 32]) {
      const s = await load({ url: base, connections, durationSeconds, requests: searchRequests });
      rows.push({
        name: "POST /api/v1/search/services (15 common queries)",
        connections,
        ...s,
        extra: `${connections === 8 ? "target p95 ≤ 20 ms; " : ""}ranking cache warm; errors ${s.errors}, non-2xx ${s.non2xx}`,
      });
      const u = await load({ url: base, connections, durationSeconds, requests: uniqueRequests });
      rows.push({
        name: "POST /api/v1/search/services (never-repeated queries)",
        connections,
        ...u,
        extra: `every request ranks 10,000 services; errors ${u.errors}, non-2xx ${u.non2xx}`,
      });
      const l = await load({ url: base, connections, durationSeconds, requests: listRequests });
      rows.push({
        name: "GET /api/v1/services (default page of 20)",
        connections,
        ...l,
        extra: `${connections === 8 ? "target p95 ≤ 10 ms; " : ""}errors ${l.errors}, non-2xx ${l.non2xx}`,
      });
    }
    await stopChild(server.child);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printTable("Community directory (10,000 services)", await benchDirectory());
}
