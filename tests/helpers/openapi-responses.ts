/**
 * Checks an answer against the OpenAPI document as the server serves it, with Ajv (JSON Schema
 * 2020-12, the dialect of OpenAPI 3.1) rather than the zod schemas the document was made from: what
 * a validating client or proxy would accept is what counts. The operation is found by its path
 * template, method and status; an undocumented status or content type is itself a failure.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

type Doc = {
  paths: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>
  >;
};

const pointer = (...parts: string[]) =>
  parts.map((p) => encodeURIComponent(p.replaceAll("~", "~0").replaceAll("/", "~1"))).join("/");

export function openApiResponses(doc: Doc) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(doc, "openapi.json");
  return {
    /** The problems of one answer (empty when the document allows it). */
    problems(
      pathTemplate: string,
      method: string,
      status: number,
      contentType: string,
      body: unknown,
    ): string[] {
      const operation = doc.paths[pathTemplate]?.[method.toLowerCase()];
      if (!operation) return [`${method} ${pathTemplate} is not in the document`];
      const response = operation.responses?.[String(status)] ?? operation.responses?.default;
      if (!response) return [`${method} ${pathTemplate} does not document status ${status}`];
      const type = contentType.split(";")[0].trim();
      if (!response.content?.[type]) return [`${method} ${pathTemplate} ${status} does not document ${type}`];
      const ref = `openapi.json#/${pointer("paths", pathTemplate, method.toLowerCase(), "responses", String(status), "content", type, "schema")}`;
      const validate = ajv.getSchema(ref);
      if (!validate) return [`no schema at ${ref}`];
      if (validate(body)) return [];
      return (validate.errors ?? []).map(
        (e) => `${e.instancePath || "(body)"} ${e.message ?? ""} ${JSON.stringify(e.params)}`,
      );
    },
  };
}
