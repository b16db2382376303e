/**
 * Job rows written on PostgreSQL inside a caller's transaction: a new queued job with its folder
 * under the WARC root, and a set of columns (a transition's or a progress update's).
 */
import path from "node:path";
import { validationError } from "../../core/errors.js";
import { jobDirUnder, storedPath } from "../jobs/warc-paths.js";
import { checkLengths } from "../limits.js";
import { JOB_INSERT, jobValues } from "../repository/shared-rows.js";
import type { JobPatch, JobRow, NewJob } from "../repository.js";
import { one, type Queryable, run } from "./rows.js";

/** The state file and capture log a crawl keeps in its folder (as on sql.js). */
const STATE_FILE = ".archive_state.json";
const CAPTURE_LOG = "captures.jsonl";
const PATH_COLUMNS = ["output_dir", "state_file_path", "combined_log_path"] as const;

export async function insertJob(
  client: Queryable,
  warcRoot: string,
  sourceId: number,
  job: Omit<NewJob, "sourceCode">,
  now: string,
): Promise<number> {
  checkLengths("archive_jobs", { name: job.name, shard_key: job.shardKey, shard_kind: job.shardKind });
  if (!job.name.trim()) throw validationError("name must not be empty");
  const row = await one<{ id: number }>(client, `${JOB_INSERT} RETURNING id`, jobValues(sourceId, job, now));
  const id = row!.id;
  const dir = jobDirUnder(warcRoot, id);
  checkLengths("archive_jobs", { output_dir: dir });
  await run(
    client,
    "UPDATE archive_jobs SET output_dir = ?, state_file_path = ?, combined_log_path = ? WHERE id = ?",
    [
      storedPath(warcRoot, dir),
      storedPath(warcRoot, path.join(dir, STATE_FILE)),
      storedPath(warcRoot, path.join(dir, CAPTURE_LOG)),
      id,
    ],
  );
  return id;
}

/** Sets the patch's columns (names from the code's JobRow keys, never from a request). */
export async function setJobFields(client: Queryable, warcRoot: string, id: number, fields: JobPatch) {
  const out: JobPatch = { ...fields };
  for (const k of PATH_COLUMNS)
    if (typeof out[k] === "string") out[k] = storedPath(warcRoot, out[k] as string);
  const keys = Object.keys(out) as (keyof JobRow)[];
  if (!keys.length) return;
  await run(client, `UPDATE archive_jobs SET ${keys.map((k) => `${k} = ?`).join(", ")} WHERE id = ?`, [
    ...keys.map((k) => out[k] ?? null),
    id,
  ]);
}
