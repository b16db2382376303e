/**
 * What the cross-cutting HTTP steps add to every operation of the generated OpenAPI document, so
 * the document states what the server really answers: a stable operationId, `security: []` on
 * public operations, the 304 of a conditional GET (with its ETag), 429 with Retry-After and the
 * RateLimit headers (IETF draft httpapi-ratelimit-headers), 503 past the time limit or while the
 * disk refuses writes, 413/415 on writes, the 405 of a wrong method, and `servers`.
 * The routes declare only what they decide themselves; this file owns the rest.
 */

type Json = Record<string, unknown>;
type Operation = {
  operationId?: string;
  security?: unknown[];
  responses: Record<string, Json>;
  requestBody?: unknown;
};
type Document = Json & { paths: Record<string, Record<string, Operation>>; components?: Json };

const METHODS = ["get", "head", "post", "put", "delete", "patch"] as const;
const WRITES = new Set(["post", "put", "delete", "patch"]);
const ENVELOPE = { $ref: "#/components/schemas/ErrorEnvelope" };

/** The rate limit's headers: every /api answer names its policy and what is left of it. */
export const RATE_LIMIT_HEADERS = {
  "RateLimit-Policy": {
    description:
      'The client\'s rate limit policy (IETF draft httpapi-ratelimit-headers): `"api";q=<requests>;w=60`, requests per 60 seconds per client address.',
    schema: { type: "string", example: '"api";q=600;w=60' },
  },
  RateLimit: {
    description:
      'What is left of the policy: `"api";r=<requests remaining>;t=<seconds until the quota is whole again>`.',
    schema: { type: "string", example: '"api";r=599;t=1' },
  },
} as const;

const headerRefs = (names: string[]) =>
  Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));

const COMPONENT_HEADERS = {
  ...RATE_LIMIT_HEADERS,
  "Retry-After": {
    description: "Seconds to wait before trying again.",
    required: true,
    schema: { type: "string", pattern: "^[0-9]+$" },
  },
  ETag: {
    description:
      "The representation's tag: send it back in If-None-Match to get 304 Not Modified when nothing changed.",
    schema: { type: "string" },
  },
  Allow: {
    description: "The methods the path accepts.",
    required: true,
    schema: { type: "string", example: "GET, HEAD" },
  },
};

const envelopeResponse = (description: string, headers: string[] = []) => ({
  description,
  ...(headers.length ? { headers: headerRefs(headers) } : {}),
  content: { "application/json": { schema: ENVELOPE } },
});

const COMPONENT_RESPONSES = {
  NotModified: {
    description: "Not Modified: the If-None-Match tag is still current; no body.",
    headers: headerRefs(["ETag", "RateLimit-Policy", "RateLimit"]),
  },
  RateLimited: envelopeResponse("RateLimited: too many requests from this client; see Retry-After.", [
    "Retry-After",
    "RateLimit-Policy",
    "RateLimit",
  ]),
  ServiceUnavailable: envelopeResponse(
    "ServiceUnavailable: past the request time limit, during maintenance, or while the disk refuses writes; see Retry-After when given.",
    ["RateLimit-Policy", "RateLimit"],
  ),
  PayloadTooLarge: envelopeResponse("PayloadTooLarge: the body is over the size limit.", [
    "RateLimit-Policy",
    "RateLimit",
  ]),
  UnsupportedMediaType: envelopeResponse(
    "UnsupportedMediaType: a body declared as something else than application/json.",
    ["RateLimit-Policy", "RateLimit"],
  ),
  MethodNotAllowed: envelopeResponse(
    "MethodNotAllowed: the path exists but not with this method; Allow lists the methods it takes. Any documented path answers it to an undocumented method.",
    ["Allow", "RateLimit-Policy", "RateLimit"],
  ),
};

/** `GET /api/v1/services/{id}` → `getV1ServicesById`: derived from the path, so it only changes with it. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split(/[/.]/)
    .filter((part) => part && part !== "api")
    .map((part) => {
      const param = /^\{(.+)\}$/.exec(part);
      const word = (param ? `by_${param[1]}` : part).replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string) =>
        c ? c.toUpperCase() : "",
      );
      return word.charAt(0).toUpperCase() + word.slice(1);
    });
  return method + words.join("");
}

/**
 * A response documented as `Cache-Control: no-store` is never stored, so the response step gives it
 * no ETag (send.ts, response-headers.ts) and no 304: the document must not promise either.
 */
function uncached(response: Json): boolean {
  const header = (response.headers as Record<string, { schema?: { enum?: unknown[] } }> | undefined)?.[
    "Cache-Control"
  ];
  return header?.schema?.enum?.length === 1 && header.schema.enum[0] === "no-store";
}

/** Adds the cross-cutting parts to a document generated from the routes (mutates and returns it). */
export function completeContract(doc: Document, origin: string): Document {
  doc.servers = [{ url: origin, description: "This server: the APIs and the web app share one origin" }];
  doc.components ??= {};
  const components = doc.components as Json & { headers?: Json; responses?: Json };
  components.headers = { ...(components.headers ?? {}), ...COMPONENT_HEADERS };
  components.responses = { ...(components.responses ?? {}), ...COMPONENT_RESPONSES };
  for (const [path, item] of Object.entries(doc.paths)) {
    const underApi = path.startsWith("/api/");
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      op.operationId ??= operationIdOf(method, path);
      // The summary says what the operation does; linters and generated clients read `description`.
      const described = op as Operation & { summary?: string; description?: string };
      described.description ??= described.summary;
      op.security ??= [];
      const responses = op.responses;
      if (underApi) {
        for (const [status, response] of Object.entries(responses)) {
          if (!("$ref" in response)) {
            response.headers = {
              ...headerRefs(["RateLimit-Policy", "RateLimit"]),
              ...(response.headers ?? {}),
            };
          }
          if (status === "200" && (method === "get" || method === "head") && !uncached(response)) {
            response.headers = { ...(response.headers as Json), ...headerRefs(["ETag"]) };
          }
        }
        responses["429"] ??= { $ref: "#/components/responses/RateLimited" };
        responses["503"] ??= { $ref: "#/components/responses/ServiceUnavailable" };
        if (WRITES.has(method)) {
          responses["413"] ??= { $ref: "#/components/responses/PayloadTooLarge" };
          responses["415"] ??= { $ref: "#/components/responses/UnsupportedMediaType" };
        }
      }
      const limited = responses["429"];
      if (limited && !("$ref" in limited)) {
        limited.headers = { ...(limited.headers as Json | undefined), ...headerRefs(["Retry-After"]) };
      }
      if ((method === "get" || method === "head") && responses["200"] && !uncached(responses["200"])) {
        responses["304"] ??= { $ref: "#/components/responses/NotModified" };
      }
    }
  }
  return doc;
}

/** A documented path's pattern and the methods it takes (HEAD wherever GET is), for the 405 step. */
export interface AllowedMethods {
  pattern: RegExp;
  methods: ReadonlySet<string>;
  /** The methods as an Allow header's value. */
  allow: string;
}

export function allowedMethods(doc: Document): AllowedMethods[] {
  return Object.entries(doc.paths).map(([path, item]) => {
    const methods = new Set(METHODS.filter((m) => item[m]).map((m) => m.toUpperCase()));
    if (methods.has("GET")) methods.add("HEAD");
    methods.add("OPTIONS");
    const source = path
      .split(/(\{[^}]+\})/)
      .map((part) => (/^\{.+\}$/.test(part) ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
      .join("");
    return { pattern: new RegExp(`^${source}$`), methods, allow: [...methods].join(", ") };
  });
}
