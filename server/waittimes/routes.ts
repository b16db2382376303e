/**
 * HTTP handlers of the wait-time observatory: validate (schemas.ts), look up (hospital-registry.ts,
 * queries.ts), compute (trends, methodology, benchmarks, occupancy, data-quality), answer.
 */
import { compareHospitals, type HospitalMethodology } from "../../shared/waittimes/compare.js";
import { unitOf } from "../../shared/waittimes/units.js";
import { notFound, validationError } from "../core/errors.js";
import { type SerializedJson, sendSerialized, serializeJson } from "../core/http/json-etag.js";
import type { AppRouter, ModuleContext } from "../core/module.js";
import type { Store } from "../db/types.js";
import { computeBenchmarks } from "./benchmarks.js";
import { cached } from "./data-version.js";
import {
  findHospital,
  type HospitalRecord,
  loadRegistry,
  publicHospital,
  type Registry,
} from "./hospital-registry.js";
import { computeOccupancy } from "./occupancy.js";
import { buildQualityReport, warmQualityReport } from "./quality-report.js";
import { readLatest, readLatestMany, readMeta } from "./queries.js";
import {
  benchmarksRoute,
  compareRoute,
  dataQualityRoute,
  listHospitalsRoute,
  occupancyRoute,
  trendsRoute,
} from "./schemas.js";
import { toIso } from "./time-buckets.js";
import { computeTrends } from "./trends.js";

const now = () => Math.floor(Date.now() / 1000);

/**
 * Analytics responses are memoized as serialized JSON until new data arrives or for 10 seconds,
 * whichever comes first: the feeds change every few minutes at most, and a burst of identical
 * requests then costs one computation.
 */
const MEMO_MS = 10_000;
const memoJson = (store: Store, key: string, compute: () => unknown): SerializedJson =>
  cached(store, `json|${key}`, MEMO_MS, () => serializeJson(compute()));

export function isDemo(store: Store): boolean {
  return cached(store, "meta", 60_000, () => readMeta(store)).demo === "1";
}

function requireHospital(store: Store, ref: string, label: string): HospitalRecord {
  const h = findHospital(loadRegistry(store), ref);
  if (!h)
    throw notFound(`No hospital with id or slug "${ref}" (${label}). List them with GET /api/hospitals.`);
  return h;
}

function methodologyView(store: Store, h: HospitalRecord): HospitalMethodology {
  const latest = readLatest(store, h.hid, h.methodology.metric_family);
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

/** The hospital list only changes with the registry, so its JSON is serialized once per registry. */
const listCache = new WeakMap<Registry, Map<string, SerializedJson>>();
function hospitalList(store: Store, province: string): SerializedJson {
  const registry = loadRegistry(store);
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
function withLatestFigures(store: Store, all: HospitalRecord[], province: string) {
  const hospitals = all.filter((h) => !province || h.province === province);
  const latest = new Map<number, { observed_at: number; value: number }>();
  for (const metric of new Set(hospitals.map((h) => h.methodology.metric_family))) {
    const hids = hospitals.filter((h) => h.methodology.metric_family === metric).map((h) => h.hid);
    for (const [hid, row] of readLatestMany(store, hids, metric)) latest.set(hid, row);
  }
  return hospitals.map((h) => {
    const l = latest.get(h.hid);
    const figure = l
      ? { value: l.value, observed_at: toIso(l.observed_at), unit: unitOf(h.methodology.metric_family) }
      : null;
    return { ...publicHospital(h), latest: figure };
  });
}

export function mountWaittimesRoutes(app: AppRouter, ctx: ModuleContext) {
  const { store } = ctx;

  app.openapi(listHospitalsRoute, (c) => {
    const { province, include } = c.req.valid("query");
    if (include !== "latest") return sendSerialized(c, hospitalList(store, province ?? "")) as never;
    const body = memoJson(store, `hospitals-latest|${province ?? ""}`, () => ({
      success: true,
      data: withLatestFigures(store, loadRegistry(store).hospitals, province ?? ""),
    }));
    return sendSerialized(c, body) as never;
  });

  app.openapi(trendsRoute, (c) => {
    const { slug } = c.req.valid("param");
    const { period = "7d", metric } = c.req.valid("query");
    const h = requireHospital(store, slug, "path parameter slug");
    const m = metric ?? h.methodology.metric_family;
    const body = memoJson(store, `trends|${h.id}|${period}|${m}`, () => ({
      success: true,
      data: computeTrends(store, h, period, m, now(), isDemo(store)),
    }));
    return sendSerialized(c, body) as never;
  });

  app.openapi(compareRoute, (c) => {
    const { a, b, lang = "en" } = c.req.valid("query");
    const ha = requireHospital(store, a, "query parameter a");
    const hb = requireHospital(store, b, "query parameter b");
    if (ha.id === hb.id)
      throw validationError(
        `Query parameters "a" and "b" name the same hospital (${ha.id}): give two different hospitals.`,
      );
    const body = memoJson(store, `compare|${ha.id}|${hb.id}|${lang}`, () =>
      compareHospitals(methodologyView(store, ha), methodologyView(store, hb), lang),
    );
    return sendSerialized(c, body) as never;
  });

  app.openapi(benchmarksRoute, (c) => {
    const { province, period = "7d", hospital_id } = c.req.valid("query");
    const focus = hospital_id
      ? requireHospital(store, hospital_id, "query parameter hospital_id")
      : undefined;
    if (focus && focus.province !== province) {
      throw validationError(
        `Query parameter "hospital_id": ${focus.id} is in ${focus.province}, not in province ${province}.`,
      );
    }
    const body = memoJson(store, `benchmarks|${province}|${period}|${focus?.id ?? ""}`, () => ({
      success: true,
      data: computeBenchmarks(store, loadRegistry(store).hospitals, province, period, now(), {
        focus,
        demo: isDemo(store),
      }),
    }));
    return sendSerialized(c, body) as never;
  });

  app.openapi(occupancyRoute, (c) => {
    c.req.valid("query");
    return sendSerialized(
      c,
      memoJson(store, "occupancy", () => computeOccupancy(store, loadRegistry(store), now())),
    ) as never;
  });

  app.openapi(dataQualityRoute, async (c) => {
    const { hospital_id, days = 30 } = c.req.valid("query");
    const focus = hospital_id
      ? requireHospital(store, hospital_id, "query parameter hospital_id")
      : undefined;
    if (!focus) await warmQualityReport(store, days, now());
    const body = memoJson(store, `quality|${focus?.id ?? ""}|${days}`, () => ({
      success: true,
      data: buildQualityReport(store, { focus, days, now: now(), demo: isDemo(store) }),
    }));
    return sendSerialized(c, body) as never;
  });
}
