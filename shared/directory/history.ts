// One service's change history as GET /api/v1/services/{id}/history returns it (server and app).

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface HistoryEntry {
  id: number;
  at: string;
  actorEmail: string | null;
  action: string;
  /** The version the change produced (a retire counts as one more version). */
  version: number | null;
  changes: FieldChange[];
}
