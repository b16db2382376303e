/**
 * Issue #12: the OpenAPI document served at /api/openapi.json by the real server, with every module,
 * is a valid OpenAPI 3.1 document (checked by @seriousme/openapi-schema-validator), and it tells the
 * truth about what the schema validator cannot see: every security scheme it names is defined,
 * every `$ref` resolves, errors are described by the envelope, and the routes that refuse an
 * anonymous caller are exactly the ones that declare a security requirement.
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";

type Operation = {
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema?: { example?: string } }[];
  requestBody?: unknown;
  responses: Record<string, Response>;
};
type Response = { $ref?: string; content?: Record<string, { schema?: { $ref?: string } }> };
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: {
    responses?: Record<string, Response>;
    schemas: Record<string, { type?: string; properties?: Record<string, { type?: unknown }> }>;
    securitySchemes?: Record<string, unknown>;
  };
};

const METHODS = ["get", "head", "post", "put", "delete", "patch"];
let server: TestServer;
let doc: Document;
beforeAll(async () => {
  server = await startTestServer({
    env: { ARCHIVE_ADMIN_TOKEN: "test-admin-token-0123456789", ARCHIVE_DEMO_CRAWL: "0" },
  });
  doc = await (await fetch(`${server.baseUrl}/api/openapi.json`)).json();
});
afterAll(() => server.close());

function operations(): { method: string; path: string; op: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ method, path, op })),
  );
}

/** A response, or the shared one it refers to (#/components/responses/…). */
const resolveResponse = (r: Response): Response =>
  r.$ref ? (doc.components.responses?.[r.$ref.split("/").pop() ?? ""] ?? r) : r;

/** Needs credentials: a requirement list without the empty (anonymous) alternative. */
const requiresCredentials = (op: Operation) =>
  (op.security?.length ?? 0) > 0 && !op.security?.some((r) => Object.keys(r).length === 0);

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(
      structuredClone(doc) as unknown as Parameters<Validator["validate"]>[0],
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("resolves every $ref", () => {
    const missing: string[] = [];
    const walk = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === "object") {
        for (const [key, v] of Object.entries(value)) {
          if (key === "$ref" && typeof v === "string") {
            const [, kind, name] = v.split("/").slice(1);
            const section = (doc.components as Record<string, Record<string, unknown> | undefined>)[kind];
            if (!section?.[name]) missing.push(v);
          } else walk(v);
        }
      }
    };
    walk(doc);
    expect(missing).toEqual([]);
  });

  it("defines every security scheme an operation names, the admin token header among them", () => {
    const defined = Object.keys(doc.components.securitySchemes ?? {});
    const named = new Set(
      operations().flatMap(({ op }) => (op.security ?? []).flatMap((r) => Object.keys(r))),
    );
    expect([...named].filter((n) => !defined.includes(n))).toEqual([]);
    expect(doc.components.securitySchemes).toMatchObject({
      archiveAdminTokenHeader: { type: "apiKey", in: "header", name: "X-Admin-Token" },
      archiveAdminToken: { type: "http", scheme: "bearer" },
    });
  });

  it("declares security on every admin, partner and sign-in route", () => {
    const undeclared = operations()
      .filter(
        ({ path, method }) =>
          /^\/api\/v1\/(admin|partner|auth)\//.test(path) ||
          path === "/metrics" ||
          path.endsWith("/history") ||
          (path.startsWith("/api/v1/services") && ["post", "put", "delete"].includes(method)),
      )
      .filter(({ op }) => op.security === undefined)
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(undeclared).toEqual([]);
  });

  it("describes every error response with the error envelope (a health check's 503 carries its own body)", () => {
    const bare = operations().flatMap(({ method, path, op }) =>
      Object.entries(op.responses)
        .filter(([code]) => /^[45]/.test(code) && method !== "head")
        .filter(([code]) => !(code === "503" && path.endsWith("/health")))
        .map(([code, r]) => [code, resolveResponse(r)] as const)
        .filter(
          ([, r]) => r.content?.["application/json"]?.schema?.$ref !== "#/components/schemas/ErrorEnvelope",
        )
        .map(([code]) => `${method.toUpperCase()} ${path} ${code}`),
    );
    expect(bare).toEqual([]);
  });

  it("documents the 400 of every operation that takes parameters or a body", () => {
    const undocumented = operations()
      .filter(({ op }) => (op.parameters?.length ?? 0) > 0 || op.requestBody !== undefined)
      .filter(({ op }) => !op.responses["400"])
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(undocumented).toEqual([]);
  });

  it("types the archive snapshot and documents HEAD /api/health", () => {
    const snapshot = doc.components.schemas.ArchiveSnapshot;
    expect(snapshot.type).toBe("object");
    expect(Object.keys(snapshot.properties ?? {})).toEqual(
      expect.arrayContaining(["id", "url", "captureTimestamp", "provenance", "replayUrl"]),
    );
    expect(doc.paths["/api/health"].head?.responses["200"]).toBeDefined();
  });

  it("matches the server: GET routes that refuse an anonymous caller are the ones needing credentials", async () => {
    const mismatched: string[] = [];
    for (const { method, path, op } of operations()) {
      if (method !== "get" || (op.parameters ?? []).some((p) => p.in === "query" && p.required)) continue;
      // Path parameters take their documented example, or "1": a malformed one would answer 400 first.
      const example = (name: string) =>
        op.parameters?.find((p) => p.in === "path" && p.name === name)?.schema?.example ?? "1";
      const target = path.replace(/\{([^}]+)\}/g, (_m, name: string) => example(name));
      const res = await fetch(`${server.baseUrl}${target}`);
      await res.arrayBuffer();
      if ((res.status === 401) !== requiresCredentials(op)) mismatched.push(`GET ${path} → ${res.status}`);
    }
    expect(mismatched).toEqual([]);
  }, 120_000);
});
