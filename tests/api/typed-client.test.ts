/**
 * Issue #28 §1: a typed client generated from the served document (openapi-typescript types,
 * openapi-fetch calls) compiles with the tests and runs a partner's whole edit cycle against the
 * real server on loopback: sign in for a token, create, read, update with the ETag the read gave
 * in If-Match, a stale tag refused with 412 and the current version, delete. The committed types
 * are checked to be what the document generates now, so the contract and the client cannot drift.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import createClient from "openapi-fetch";
import { afterAll, beforeAll, expect, it } from "vitest";
import { directoryModule } from "../../server/directory/index.js";
import { ACCOUNTS, PASSWORD, prepareDirectoryData } from "../helpers/directory/accounts.js";
import { editable } from "../helpers/directory/service-edits.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import type { paths } from "../helpers/typed-client/api-types.js";
import { generateApiTypes } from "../helpers/typed-client/generate.js";

const TYPES_FILE = path.join(import.meta.dirname, "../helpers/typed-client/api-types.ts");

let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = await prepareDirectoryData();
  server = await startTestServer({ modules: [directoryModule], dataDir });
});
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it("the committed client types are what the served document generates", async () => {
  // Every module's routes: the types cover the whole API, not only the directory.
  const full = await startTestServer();
  try {
    const generated = await generateApiTypes(await (await fetch(`${full.baseUrl}/api/openapi.json`)).json());
    if (process.env.UPDATE_API_TYPES === "1") writeFileSync(TYPES_FILE, generated);
    expect(readFileSync(TYPES_FILE, "utf8")).toBe(generated);
  } finally {
    await full.close();
  }
}, 60_000);

it("runs a partner's edit cycle: token, create, read, update with the read's ETag, 412 on a stale one, delete", async () => {
  // JSON answers only: an HSDS list's NDJSON alternative is text and stays out of `data`.
  const api = createClient<paths, "application/json">({ baseUrl: server.baseUrl });

  const signIn = await api.POST("/api/v1/auth/login", {
    body: { email: ACCOUNTS.partnerA, password: PASSWORD, mode: "bearer" },
  });
  expect(signIn.response.status).toBe(200);
  const token = (signIn.data?.data as { token?: string } | undefined)?.token;
  expect(token).toBeTruthy();
  const auth = { Authorization: `Bearer ${token}` };

  const model = await api.GET("/api/v1/services/{id}", {
    params: { path: { id: "partners-in-mission-food-bank" } },
  });
  expect(model.data?.data.organizationId).toBe("org-partners-in-mission-food-bank");
  const base = editable(model.data!.data as Parameters<typeof editable>[0]);

  const created = await api.POST("/api/v1/services", {
    headers: auth,
    body: {
      ...base,
      id: "typed-client-pantry",
      name: { en: "Typed client pantry", fr: "Garde-manger client typé" },
    },
  });
  expect(created.response.status).toBe(201);
  expect(created.data?.data.version).toBe(1);
  const id = created.data!.data.id;

  const read = await api.GET("/api/v1/services/{id}", { params: { path: { id } } });
  expect(read.data?.data.name.en).toBe("Typed client pantry");
  const readTag = read.response.headers.get("etag")!;
  expect(readTag).toMatch(/^"[^"]+"$/);
  // What a write answers is the tag the next read gives (a gzipped read marks its tag "-gzip").
  const plain = (tag: string | null) => tag?.replace(/-gzip"$/, '"');
  expect(created.response.headers.get("etag")).toBe(plain(readTag));

  const updated = await api.PUT("/api/v1/services/{id}", {
    params: { path: { id }, header: { "if-match": readTag } },
    headers: auth,
    body: { ...base, name: { en: "Typed client pantry, renamed", fr: "Garde-manger renommé" } },
  });
  expect(updated.response.status).toBe(200);
  expect(updated.data?.data.version).toBe(2);
  const newTag = updated.response.headers.get("etag")!;
  const reread = await api.GET("/api/v1/services/{id}", { params: { path: { id } } });
  expect(plain(reread.response.headers.get("etag"))).toBe(newTag);

  const stale = await api.PUT("/api/v1/services/{id}", {
    params: { path: { id }, header: { "if-match": readTag } },
    headers: auth,
    body: { ...base, fees: "Lost update" },
  });
  expect(stale.response.status).toBe(412);
  expect(stale.error).toMatchObject({ success: false, error: "PreconditionFailed" });
  expect((stale.error as { details?: { currentVersion?: number } }).details?.currentVersion).toBe(2);
  expect(stale.response.headers.get("etag")).toBe(newTag);
  const staleVersion = await api.DELETE("/api/v1/services/{id}", {
    params: { path: { id }, header: { "if-match": '"1"' } },
    headers: auth,
  });
  expect(staleVersion.response.status).toBe(412);

  const removed = await api.DELETE("/api/v1/services/{id}", {
    params: { path: { id }, header: { "if-match": newTag } },
    headers: auth,
  });
  expect(removed.response.status).toBe(200);
  const gone = await api.GET("/api/v1/services/{id}", { params: { path: { id } } });
  expect(gone.response.status).toBe(404);
  expect(gone.error).toMatchObject({ success: false, error: "NotFound" });
});
