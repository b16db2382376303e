/**
 * Checks an answer against the OpenAPI document as the server serves it, with Ajv (JSON Schema
 * 2020-12, the dialect of OpenAPI 3.1) rather than the zod schemas the document was made from: what
 * a validating client or proxy would accept is what counts. The operation is found from the
 * request's path (literal paths before templated ones), method and status; an undocumented
 * status, content type or required header is itself a failure, and so is a body or a documented
 * header that its schema refuses. A method a documented path does not take must get the
 * document's MethodNotAllowed answer, and a path it does not name the 404 error envelope.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

type Ref = { $ref: string };
type Header = { required?: boolean; schema?: unknown };
type Response = { headers?: Record<string, Header | Ref>; content?: Record<string, { schema?: unknown }> };
type Doc = {
  paths: Record<string, Record<string, { responses?: Record<string, Response | Ref> }>>;
  components?: { responses?: Record<string, Response>; headers?: Record<string, Header> };
};

export interface Answer {
  method: string;
  /** The request's path, without the query. */
  path: string;
  status: number;
  headers: Headers;
  /** Parsed JSON for JSON types, otherwise undefined (not checked beyond its type). */
  body: unknown;
}

const pointer = (...parts: string[]) =>
  parts.map((p) => encodeURIComponent(p.replaceAll("~", "~0").replaceAll("/", "~1"))).join("/");

const isRef = (v: unknown): v is Ref => typeof v === "object" && v !== null && "$ref" in v;

export function openApiResponses(doc: Doc) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(doc, "openapi.json");
  // Literal segments win over templates (/incidents/report before /incidents/{id}).
  const templates = Object.keys(doc.paths)
    .map((template) => ({
      template,
      pattern: new RegExp(
        `^${template
          .split(/(\{[^}]+\})/)
          .map((part) => (/^\{.+\}$/.test(part) ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
          .join("")}$`,
      ),
      params: (template.match(/\{/g) ?? []).length,
    }))
    .sort((a, b) => a.params - b.params);

  const deref = <T>(value: T | Ref): { value: T; at: string } | undefined => {
    if (!isRef(value)) return undefined;
    const [, section, name] = value.$ref.replace("#/", "").split("/");
    const found = (doc.components as Record<string, Record<string, T>> | undefined)?.[section]?.[name];
    return found ? { value: found, at: `components/${section}/${name}` } : undefined;
  };

  const check = (schemaRef: string, value: unknown, what: string): string[] => {
    const validate = ajv.getSchema(schemaRef);
    if (!validate) return [`no schema at ${schemaRef}`];
    if (validate(value)) return [];
    return (validate.errors ?? []).map(
      (e) => `${what}${e.instancePath || ""} ${e.message ?? ""} ${JSON.stringify(e.params)}`,
    );
  };

  return {
    /** The path template a request path falls under, if documented. */
    templateOf(path: string): string | undefined {
      return templates.find((t) => t.pattern.test(path))?.template;
    },

    /** The problems of one answer (empty when the document allows it). */
    problems({ method, path, status, headers, body }: Answer): string[] {
      const template = this.templateOf(path);
      if (!template) {
        // An unknown /api path: the 404 error envelope the document's description promises.
        if (status !== 404) return [`${method} ${path} is not in the document, yet answered ${status}`];
        return check("openapi.json#/components/schemas/ErrorEnvelope", body, `${method} ${path} 404 body`);
      }
      const lower = method.toLowerCase();
      const operation =
        doc.paths[template][lower] ?? (lower === "head" ? doc.paths[template].get : undefined);
      // OPTIONS is HTTP's own (CORS preflight, Allow), answered for every documented path without a body.
      if (lower === "options" && !operation) {
        return status === 204 ? [] : [`OPTIONS ${template} answered ${status}, not 204`];
      }
      let where: string;
      let response: Response | Ref | undefined;
      if (!operation) {
        if (status !== 405) return [`${method} ${template} is not documented, yet answered ${status}`];
        response = { $ref: "#/components/responses/MethodNotAllowed" };
        where = `${method} ${template} 405`;
      } else {
        response = operation.responses?.[String(status)] ?? operation.responses?.default;
        where = `${method} ${template} ${status}`;
        if (!response) return [`${method} ${template} does not document status ${status}`];
      }
      const resolved = deref<Response>(response);
      const base = resolved
        ? `openapi.json#/${resolved.at}`
        : `openapi.json#/${pointer("paths", template, doc.paths[template][lower] ? lower : "get", "responses", String(status))}`;
      const spec = resolved?.value ?? (response as Response);
      const problems: string[] = [];
      for (const [name, declared] of Object.entries(spec.headers ?? {})) {
        const header = deref<Header>(declared);
        const { value: h, ref } = header
          ? { value: header.value, ref: `openapi.json#/${header.at}/schema` }
          : { value: declared as Header, ref: `${base}/headers/${pointer(name)}/schema` };
        const got = headers.get(name);
        if (got === null) {
          if (h.required) problems.push(`${where}: required header ${name} is missing`);
        } else if (h.schema) {
          // A header is text on the wire: one documented as a number is read as one (simple style).
          const type = (h.schema as { type?: string }).type;
          const value = (type === "integer" || type === "number") && got.trim() !== "" ? Number(got) : got;
          problems.push(...check(ref, value, `${where} header ${name}`));
        }
      }
      const noBody = status === 304 || status === 204 || lower === "head";
      const type = (headers.get("content-type") ?? "").split(";")[0].trim();
      if (noBody) return problems;
      if (!spec.content) {
        if (type) problems.push(`${where} documents no body, yet the answer is ${type}`);
        return problems;
      }
      if (!spec.content[type])
        return [...problems, `${where} does not document ${type || "an untyped body"}`];
      if (body !== undefined && spec.content[type].schema !== undefined) {
        problems.push(...check(`${base}/content/${pointer(type)}/schema`, body, `${where} body`));
      }
      return problems;
    },
  };
}
