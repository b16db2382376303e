/**
 * The incident log (spec 002 §8), in the directory's database: one row per incident with the
 * timestamps of each step (the programme's figures are computed from them), and one row per event
 * (who did what, status updates). Ids are INC-YYYYMMDD-NNN with a sequence per (Toronto) day.
 */
import type { Migration, Tx } from "../../db/types.js";

const UP = [
  `CREATE TABLE incidents (
    id TEXT PRIMARY KEY,
    day TEXT NOT NULL,
    seq INTEGER NOT NULL,
    severity TEXT NOT NULL CHECK (severity IN ('SEV-1','SEV-2','SEV-3','SEV-4')),
    title TEXT NOT NULL,
    status TEXT NOT NULL,
    source TEXT NOT NULL,
    breach_key TEXT,
    commander TEXT,
    channel TEXT,
    false_positive INTEGER NOT NULL DEFAULT 0,
    started_at TEXT NOT NULL,
    detected_at TEXT NOT NULL,
    acknowledged_at TEXT,
    mitigated_at TEXT,
    resolved_at TEXT,
    reviewed_at TEXT,
    closed_at TEXT,
    last_update_at TEXT,
    UNIQUE (day, seq)
  )`,
  `CREATE TABLE incident_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    incident_id TEXT NOT NULL REFERENCES incidents(id),
    at TEXT NOT NULL,
    actor TEXT,
    action TEXT NOT NULL,
    note TEXT
  )`,
  "CREATE INDEX incident_events_incident ON incident_events(incident_id)",
];
const DOWN = ["incident_events", "incidents"].map((t) => `DROP TABLE IF EXISTS ${t}`);
const runAll = (statements: string[]) => (tx: Tx) => {
  for (const sql of statements) tx.run(sql);
};

export const incidentsMigration: Migration = {
  version: 3,
  name: "incidents",
  up: runAll(UP),
  down: runAll(DOWN),
};
