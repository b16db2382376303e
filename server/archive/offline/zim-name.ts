/**
 * The file name of a ZIM export, and so of the jobs' `final_zim_path`: named after what it holds
 * (spec 001 §2: the job name is used in naming the ZIM output). An edition's is
 * `chc-archive-<source>-<year>.zim`; one job's is `chc-archive-<source>-job-<id>-<job name>.zim`
 * (the id keeps two jobs of one name apart). Names are folded to lowercase letters, digits and
 * dashes so the file name is the same on every file system.
 */
import type { ExportTarget } from "./offline-store.js";

const fileSafe = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");

export function zimFileName(target: ExportTarget): string {
  const source = fileSafe(target.sourceCode) || "archive";
  if (target.kind === "edition") return `chc-archive-${source}-${target.year}.zim`;
  const name = fileSafe(target.jobs[0]?.name ?? "");
  return `chc-archive-${source}-job-${target.id}${name ? `-${name}` : ""}.zim`;
}
