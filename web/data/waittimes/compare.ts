// Can two hospitals' wait figures be compared? Online the server answers (GET /api/compare);
// offline, or when it cannot be reached, the device works out the same answer from the saved
// registry with the same shared code (shared/waittimes/compare.ts), so both briefs agree.

import { compareHospitals, type HospitalMethodology } from "../../../shared/waittimes/compare";
import type { BriefLang } from "../../../shared/waittimes/compare-phrases";
import type { Comparison } from "../../../shared/waittimes/schemas";
import { unitOf } from "../../../shared/waittimes/units";
import { type ApiError, apiRequest, isApiError } from "../api/client";
import { serverThenDevice } from "../api/onlineFirst";
import type { HospitalRecord, LatestWaitRecord } from "../device/db";
import { loadSavedRegistry, type SavedRegistry } from "./hospitals";

export interface ComparisonOutcome {
  comparison: Comparison;
  /** Set when worked out on the device: when its registry was saved. */
  savedAt: string | null;
  fromDevice: boolean;
}

/** Errors a reader can act on, as message keys' suffixes. */
export type CompareProblem = "same-hospital" | "unknown-hospital" | "missing-hospital" | "no-copy";

function problem(kind: CompareProblem): Error {
  return new Error(kind);
}

function view(h: HospitalRecord, latest: LatestWaitRecord | undefined): HospitalMethodology {
  const known = latest && latest.value !== null && latest.observedAt !== null;
  return {
    id: h.id,
    name: h.name,
    province: h.province,
    ...h.methodology,
    latest_value: known ? latest.value : null,
    latest_observed_at: known ? latest.observedAt : null,
    unit: unitOf(h.methodology.metric_family),
  };
}

const findSaved = (registry: SavedRegistry, ref: string) =>
  registry.hospitals.find((h) => h.id === ref) ?? registry.hospitals.find((h) => h.aliases.includes(ref));

export function compareOnDevice(registry: SavedRegistry, a: string, b: string, lang: BriefLang): Comparison {
  if (!a.trim() || !b.trim()) throw problem("missing-hospital");
  const ha = findSaved(registry, a);
  const hb = findSaved(registry, b);
  if (!ha || !hb) throw problem(registry.hospitals.length === 0 ? "no-copy" : "unknown-hospital");
  if (ha.id === hb.id) throw problem("same-hospital");
  return compareHospitals(view(ha, registry.latest.get(ha.id)), view(hb, registry.latest.get(hb.id)), lang);
}

async function fetchComparison(a: string, b: string, lang: BriefLang): Promise<Comparison> {
  try {
    return await apiRequest<Comparison>(`/api/compare?${new URLSearchParams({ a, b, lang })}`, {
      check: (body) => typeof body?.comparable === "boolean",
    });
  } catch (error) {
    if (isApiError(error, 404)) throw problem("unknown-hospital");
    if (isApiError(error, 400)) throw refusal(error);
    throw error;
  }
}

/**
 * What a 400 refused: a choice left empty (the envelope's issues name parameter a or b), both
 * choices naming one hospital (said in its message), or otherwise a choice it did not recognise.
 */
function refusal(error: ApiError): Error {
  const details = (error.body as { details?: { issues?: Array<{ path?: unknown }> } } | null)?.details;
  if (details?.issues?.some((i) => i.path === "a" || i.path === "b")) return problem("missing-hospital");
  return problem(/same hospital/i.test(error.message) ? "same-hospital" : "unknown-hospital");
}

const PROBLEMS: readonly string[] = ["same-hospital", "unknown-hospital", "missing-hospital", "no-copy"];
export const isCompareProblem = (message: string): message is CompareProblem => PROBLEMS.includes(message);

export async function loadComparison(
  a: string,
  b: string,
  lang: BriefLang,
  isOnline: boolean,
): Promise<ComparisonOutcome> {
  if (a === b) throw problem("same-hospital");
  return serverThenDevice<ComparisonOutcome>(
    async () => ({ comparison: await fetchComparison(a, b, lang), savedAt: null, fromDevice: false }),
    async () => {
      const registry = await loadSavedRegistry().catch(() => undefined);
      if (!registry) throw problem("no-copy");
      return {
        comparison: compareOnDevice(registry, a, b, lang),
        savedAt: registry.savedAt,
        fromDevice: true,
      };
    },
    { online: isOnline, isFinal: (error) => error instanceof Error && isCompareProblem(error.message) },
  );
}
