/**
 * Quebec (MSSS) emergency-room situation table (CSV, ";" or "," separated), one row per facility
 * per extraction: functional and occupied stretchers, patients waiting for care, and the average
 * wait for medical care in the waiting room. One row yields up to two observations: the wait
 * (TIME_TO_PROVIDER, minutes) and stretcher occupancy (percent), each optional on its own.
 */
import { checkWait, parseTimestamp, readCsv } from "./common.js";
import { FeedFormatError, type FeedObservation, type ParseResult } from "./types.js";

const REQUIRED = [
  "Nom_installation",
  "Nombre_de_civieres_fonctionnelles",
  "Nombre_de_civieres_occupees",
  "Mise_a_jour",
];

function num(cell: string | undefined): number | null {
  if (cell === undefined || cell.trim() === "") return null;
  const n = Number(cell.replace(",", "."));
  return Number.isFinite(n) ? n : Number.NaN;
}

export function parseQuebecFeed(text: string, now = Date.now()): ParseResult {
  const { header, rows } = readCsv(text);
  const missing = REQUIRED.filter((c) => !header.includes(c));
  if (missing.length) throw new FeedFormatError(`Quebec table lacks column(s): ${missing.join(", ")}`);
  const col = (name: string) => header.indexOf(name);
  const result: ParseResult = { observations: [], errors: [] };
  for (const { line, cells } of rows) {
    if (cells.length !== header.length) {
      result.errors.push({ line, reason: `expected ${header.length} columns, found ${cells.length}` });
      continue;
    }
    const name = cells[col("Nom_installation")];
    const permit = col("No_permis_installation") >= 0 ? cells[col("No_permis_installation")] : "";
    if (!name) {
      result.errors.push({ line, reason: "Nom_installation is empty" });
      continue;
    }
    const ts = parseTimestamp(cells[col("Mise_a_jour")], now);
    if ("error" in ts) {
      result.errors.push({ line, reason: ts.error });
      continue;
    }
    const refs = permit ? [permit, name] : [name];
    const total = num(cells[col("Nombre_de_civieres_fonctionnelles")]);
    const occupied = num(cells[col("Nombre_de_civieres_occupees")]);
    const waiting =
      col("Nombre_total_de_patients_en_attente_de_PEC") >= 0
        ? num(cells[col("Nombre_total_de_patients_en_attente_de_PEC")])
        : null;
    const wait =
      col("DMPEC_salle_attente_minutes") >= 0 ? num(cells[col("DMPEC_salle_attente_minutes")]) : null;
    const found: FeedObservation[] = [];
    const problems: string[] = [];
    if (total !== null || occupied !== null) {
      if (total === null || occupied === null || Number.isNaN(total) || Number.isNaN(occupied))
        problems.push("stretcher counts are incomplete or not numbers");
      else if (total <= 0) problems.push(`functional stretchers must be positive (got ${total})`);
      else if (occupied < 0) problems.push(`occupied stretchers cannot be negative (got ${occupied})`);
      else if (waiting !== null && (Number.isNaN(waiting) || waiting < 0))
        problems.push("patients waiting is not a non-negative number");
      else
        found.push({
          line,
          hospitalRefs: refs,
          observedAt: ts.ok,
          metricFamily: "STRETCHER_OCCUPANCY",
          // Occupancy above 100 % is real in Quebec (patients on stretchers in corridors).
          value: (occupied / total) * 100,
          unit: "percent",
          occupancy: { stretchersTotal: total, stretchersOccupied: occupied, patientsWaiting: waiting },
        });
    }
    if (wait !== null) {
      const bad = checkWait(wait, "DMPEC_salle_attente_minutes");
      if (bad) problems.push(bad);
      else
        found.push({
          line,
          hospitalRefs: refs,
          observedAt: ts.ok,
          metricFamily: "TIME_TO_PROVIDER",
          value: wait,
          unit: "minutes",
        });
    }
    if (problems.length) result.errors.push({ line, reason: problems.join("; ") });
    else result.observations.push(...found);
  }
  return result;
}
