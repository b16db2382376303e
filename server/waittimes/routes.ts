/**
 * HTTP handlers of the wait-time observatory: validate (schemas.ts), look up (hospital-registry.ts,
 * the repository), compute (trends, methodology, benchmarks, occupancy, data-quality), answer.
 */
import { compareHospitals, type HospitalMethodology } from "../../shared/waittimes/compare.js";
import { unitOf } from "../../shared/waittimes/units.js";
import { type Clock, systemClock } from "../core/clock.js";
import { notFound, validationError } from "../core/errors.js";
import { type SerializedJson, sendSerialized, serializeJson } from "../core/http/json-etag.js";
import { responseLang } from "../core/http/response-lang.js";
import type { AppRouter } from "../core/module.js";
import { calendarZoneOfSource } from "./aggregates.js";
import { computeBenchmarks } from "./benchmarks.js";
import { cached } from "./data-version.js";
import {
  findHospital,
  type HospitalRecord,
  loadRegistry,
  methodologyAt,
  publicHospital,
  type Registry,
} from "./hospital-registry.js";
import { computeOccupancy } from "./occupancy.js";
import { buildQualityReport, warmQualityReport } from "./quality-report.js";
import type { WaittimesRepository } from "./repository.js";
import {
  benchmarksRoute,
  compareRoute,
  dataQualityRoute,
  listHospitalsRoute,
  occupancyRoute,
  trendsRoute,
} from "./schemas.js";
import { toIso } from "./time-buckets.js";
import { computeTrends, windowStart } from "./trends.js";

/**
 * Analytics responses are memoized as serialized JSON until new data arrives or for 10 seconds,
 * whichever comes first: the feeds change every few minutes at most, and a burst of identical
 * requests then costs one computation.
 */
const MEMO_MS = 10_000;
const memoJson = (repo: WaittimesRepository, key: string, compute: () => Promise<unknown>) =>
  cached(repo, `json|${key}`, MEMO_MS, async () => serializeJson(await compute()));

export async function isDemo(repo: WaittimesRepository): Promise<boolean> {
  return (await cached(repo, "meta", 60_000, () => repo.meta())).demo === "1";
}

async function requireHospital(
  repo: WaittimesRepository,
  ref: string,
  label: string,
): Promise<HospitalRecord> {
  const h = findHospital(await loadRegistry(repo), ref);
  if (!h)
    throw notFound(`No hospital with id or slug "${ref}" (${label}). List them with GET /api/hospitals.`);
  return h;
}

async function methodologyView(
  repo: WaittimesRepository,
  h: HospitalRecord,
  now: number,
): Promise<HospitalMethodology> {
  const found = await repo.latestValue(h.hid, h.methodology.metric_family);
  // A figure observed before the current methodology took effect was measured another way.
  const since = methodologyAt(h, now).from;
  const latest = found && (since === null || found.observed_at >= since) ? found : undefined;
  return {
    id: h.id,
    name: h.name,
    province: h.province,
    ...h.methodology,
    latest_value: latest ? latest.value : null,
    latest_observed_at: latest ? toIso(latest.observed_at) : null,
    unit: unitOf(h.methodology.metric_family),
  };
}

/** The methodology changes of one hospital in (from, to]. */
function changesWithin(h: HospitalRecord, from: number, to: number) {
  return h.methodology_history.flatMap((p, i) =>
    p.from !== null && p.from > from && p.from <= to
      ? [
          {
            hospital_id: h.id,
            changed_at: toIso(p.from),
            previous_methodology: h.methodology_history[i - 1].methodology,
            methodology: p.methodology,
          },
        ]
      : [],
  );
}

/** The hospital list only changes with the registry, so its JSON is serialized once per registry. */
const listCache = new WeakMap<Registry, Map<string, SerializedJson>>();
function hospitalList(registry: Registry, province: string): SerializedJson {
  let byProvince = listCache.get(registry);
  if (!byProvince) {
    byProvince = new Map();
    listCache.set(registry, byProvince);
  }
  let hit = byProvince.get(province);
  if (!hit) {
    const hospitals = registry.hospitals.filter((h) => !province || h.province === province);
    hit = serializeJson({ success: true, data: hospitals.map(publicHospital) });
    byProvince.set(province, hit);
  }
  return hit;
}

/** The province's hospitals (all with ""), each with its latest figure for its own metric family. */
async function withLatestFigures(repo: WaittimesRepository, all: HospitalRecord[], province: string) {
  const hospitals = all.filter((h) => !province || h.province === province);
  const latest = new Map<number, { observed_at: number; value: number }>();
  for (const metric of new Set(hospitals.map((h) => h.methodology.metric_family))) {
    const hids = hospitals.filter((h) => h.methodology.metric_family === metric).map((h) => h.hid);
    for (const [hid, row] of await repo.latestValues(hids, metric)) latest.set(hid, row);
  }
  return hospitals.map((h) => {
    const l = latest.get(h.hid);
    const figure = l
      ? { value: l.value, observed_at: toIso(l.observed_at), unit: unitOf(h.methodology.metric_family) }
      : null;
    return { ...publicHospital(h), latest: figure };
  });
}

export function mountWaittimesRoutes(app: AppRouter, repo: WaittimesRepository, clock: Clock = systemClock) {
  const now = () => Math.floor(clock.now() / 1000);
  app.openapi(listHospitalsRoute, async (c) => {
    const { province, include } = c.req.valid("query");
    const registry = await loadRegistry(repo);
    if (include !== "latest") return sendSerialized(c, hospitalList(registry, province ?? "")) as never;
    const body = await memoJson(repo, `hospitals-latest|${province ?? ""}`, async () => ({
      success: true,
      data: await withLatestFigures(repo, registry.hospitals, province ?? ""),
    }));
    return sendSerialized(c, body) as never;
  });

  app.openapi(trendsRoute, async (c) => {
    const { slug } = c.req.valid("param");
    const { period = "7d", metric } = c.req.valid("query");
    const h = await requireHospital(repo, slug, "path parameter slug");
    const m = metric ?? h.methodology.metric_family;
    // A hospital reports its own methodology's wait, and Quebec's also their stretcher occupancy.
    const reported = [h.methodology.metric_family, ...(h.province === "QC" ? ["STRETCHER_OCCUPANCY"] : [])];
    if (!reported.includes(m))
      throw validationError(
        `Invalid query parameter "metric": ${h.id} reports ${reported.join(" and ")}, not ${m}.`,
      );
    const body = await memoJson(repo, `trends|${h.id}|${period}|${m}`, async () => ({
      success: true,
      data: await computeTrends(repo, h, period, m, now(), await isDemo(repo)),
    }));
    return sendSerialized(c, body) as never;
  });

  app.openapi(compareRoute, async (c) => {
    const query = c.req.valid("query");
    const { a, b } = query;
    const lang = responseLang(c, query.lang);
    const ha = await requireHospital(repo, a, "query parameter a");
    const hb = await requireHospital(repo, b, "query parameter b");
    if (ha.id === hb.id)
      throw validationError(
        `Query parameters "a" and "b" name the same hospital (${ha.id}): give two different hospitals.`,
      );
    const period = query.period ?? "1y";
    const body = await memoJson(repo, `compare|${ha.id}|${hb.id}|${lang}|${period}`, async () => {
      const at = now();
      return {
        ...compareHospitals(await methodologyView(repo, ha, at), await methodologyView(repo, hb, at), lang),
        methodology_changes: [ha, hb].flatMap((h) =>
          changesWithin(h, windowStart(period, at, calendarZoneOfSource(h.source_id)), at),
        ),
      };
    });
    return sendSerialized(c, body) as never;
  });

  app.openapi(benchmarksRoute, async (c) => {
    const { province, period = "7d", hospital_id, lang: asked } = c.req.valid("query");
    const lang = responseLang(c, asked);
    const focus = hospital_id
      ? await requireHospital(repo, hospital_id, "query parameter hospital_id")
      : undefined;
    if (focus && focus.province !== province) {
      throw validationError(
        `Query parameter "hospital_id": ${focus.id} is in ${focus.province}, not in province ${province}.`,
      );
    }
    const key = `benchmarks|${province}|${period}|${focus?.id ?? ""}|${lang}`;
    const body = await memoJson(repo, key, async () => ({
      success: true,
      data: await computeBenchmarks(repo, (await loadRegistry(repo)).hospitals, province, period, now(), {
        focus,
        demo: await isDemo(repo),
        lang,
      }),
    }));
    return sendSerialized(c, body) as never;
  });

  app.openapi(occupancyRoute, async (c) => {
    c.req.valid("query");
    const body = await memoJson(repo, "occupancy", async () =>
      computeOccupancy(repo, await loadRegistry(repo), now()),
    );
    return sendSerialized(c, body) as never;
  });

  app.openapi(dataQualityRoute, async (c) => {
    const { hospital_id, days = 30, lang: asked } = c.req.valid("query");
    const lang = responseLang(c, asked);
    const focus = hospital_id
      ? await requireHospital(repo, hospital_id, "query parameter hospital_id")
      : undefined;
    if (!focus) await warmQualityReport(repo, days, now());
    const body = await memoJson(repo, `quality|${focus?.id ?? ""}|${days}|${lang}`, async () => ({
      success: true,
      data: await buildQualityReport(repo, { focus, days, now: now(), demo: await isDemo(repo), lang }),
    }));
    return sendSerialized(c, body) as never;
  });
}
