/** Reading a directory service through the public API and turning it into what a PUT accepts. */
import type { DirectoryService } from "../../../shared/directory/types.js";

export async function readService(baseUrl: string, id: string): Promise<DirectoryService> {
  const res = await fetch(`${baseUrl}/api/v1/services/${id}`);
  return ((await res.json()) as { data: DirectoryService }).data;
}

/** The service minus the fields the server owns: the body of an edit, before its `version`. */
export function editable(s: DirectoryService) {
  const {
    id: _i,
    organizationId: _o,
    organizationName: _n,
    version: _v,
    updatedAt: _u,
    provenance: _p,
    ...rest
  } = s;
  return rest;
}
