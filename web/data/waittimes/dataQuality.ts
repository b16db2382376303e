// One hospital's data-quality report (GET /api/data-quality?hospital_id=&days=): coverage per day,
// staleness, gaps, duplicates and unusual values, computed by the server. Read-only.

import { numberFormat } from "../../i18n/intlFormats";
import { apiData } from "../api/client";

export const QUALITY_WINDOWS = [7, 30, 90] as const;
export type QualityWindow = (typeof QUALITY_WINDOWS)[number];

export function isQualityWindow(value: unknown): value is QualityWindow {
  return (QUALITY_WINDOWS as readonly number[]).includes(Number(value));
}

export interface QualityDay {
  date: string;
  expected: number;
  received: number;
  coverage: number;
}

export interface HospitalQuality {
  hospital_id: string;
  name: string;
  metric_family: string;
  cadence_seconds: number;
  coverage: number;
  expected: number;
  received: number;
  daily: QualityDay[];
  staleness: { latest_observed_at: string | null; stale: boolean };
  gaps: {
    count: number;
    threshold_seconds: number;
    items: Array<{ from: string; to: string; minutes: number }>;
  };
  duplicates: { count: number };
  late_arrivals: number;
  anomalies: {
    count: number;
    median: number | null;
    items: Array<{ observed_at: string; value: number; robust_z: number }>;
  };
}

export interface QualityReport {
  days: number;
  demo: boolean;
  notes: string | null;
  hospital: HospitalQuality;
}

export async function fetchHospitalQuality(id: string, days: QualityWindow): Promise<QualityReport> {
  return apiData<QualityReport>(
    `/api/data-quality?${new URLSearchParams({ hospital_id: id, days: String(days) })}`,
    {
      check: (body) =>
        body.success === true && Boolean(body.data?.hospital) && Array.isArray(body.data.hospital.daily),
    },
  );
}

/** The coverage timeline as chart columns: UTC midnight of each day (seconds) and percent received. */
export function coverageTimeline(daily: readonly QualityDay[]): { xs: number[]; percents: number[] } {
  return {
    xs: daily.map((d) => Date.parse(`${d.date}T00:00:00Z`) / 1000),
    percents: daily.map((d) => Math.round(d.coverage * 1000) / 10),
  };
}

/** A gap's or threshold's length for reading: minutes under an hour, hours under two days, else days. */
export function durationText(minutes: number, locale: string): string {
  const unit = (value: number, u: "minute" | "hour" | "day") =>
    numberFormat(locale, {
      style: "unit",
      unit: u,
      unitDisplay: "long",
      maximumFractionDigits: 1,
    }).format(value);
  if (minutes < 60) return unit(Math.round(minutes), "minute");
  if (minutes < 48 * 60) return unit(Math.round((minutes / 60) * 10) / 10, "hour");
  return unit(Math.round((minutes / 1440) * 10) / 10, "day");
}
