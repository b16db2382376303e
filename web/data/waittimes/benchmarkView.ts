// Shapes the benchmarks answer for display: one block per methodology group, its hospitals in
// rank order, the sorted averages the distribution chart draws, and the arrow for each trend.
import type {
  Benchmarks,
  GroupStats,
  HospitalBenchmark,
  Methodology,
} from "../../../shared/waittimes/schemas";

export type Trend = HospitalBenchmark["trend"];

export interface GroupView {
  key: string;
  methodology: Methodology;
  hospitalCount: number;
  statistics: GroupStats;
  /** Ranked hospitals first (lowest percentile = shortest waits), then those without a figure, by name. */
  hospitals: HospitalBenchmark[];
  /** The group's period averages, shortest to longest (what the distribution chart plots). */
  sortedMeans: number[];
}

export function groupViews(data: Benchmarks): GroupView[] {
  return data.groups.map((g) => {
    const members = data.hospitals.filter((h) => h.group === g.key);
    const hospitals = [...members].sort((a, b) => {
      if (a.percentile === null || b.percentile === null) {
        if (a.percentile !== b.percentile) return a.percentile === null ? 1 : -1;
        return a.name.localeCompare(b.name);
      }
      return a.percentile - b.percentile || a.name.localeCompare(b.name);
    });
    const sortedMeans = members
      .map((h) => h.period_mean)
      .filter((m): m is number => m !== null)
      .sort((a, b) => a - b);
    return {
      key: g.key,
      methodology: g.methodology,
      hospitalCount: g.hospital_count,
      statistics: g.statistics,
      hospitals,
      sortedMeans,
    };
  });
}

/** Lower waits are better: an improving trend points down, a worsening one up. */
export function trendArrow(trend: Trend): { arrow: string; className: string } {
  switch (trend) {
    case "improving":
      return { arrow: "↓", className: "trend-arrow trend-improving" };
    case "worsening":
      return { arrow: "↑", className: "trend-arrow trend-worsening" };
    case "stable":
      return { arrow: "→", className: "trend-arrow" };
    default:
      return { arrow: "·", className: "trend-arrow" };
  }
}
