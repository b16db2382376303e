/** Sources: the agencies whose sites are archived. */
export interface SourceRow {
  id: number;
  code: string;
  name: string;
  base_url: string | null;
  description: string | null;
  name_fr: string | null;
  description_fr: string | null;
  enabled: number;
  created_at: string;
  updated_at: string;
}

export interface SourceSummaryRow {
  code: string;
  name: string;
  name_fr: string | null;
  base_url: string | null;
  description: string | null;
  description_fr: string | null;
  enabled: number;
  snapshot_count: number;
  first_capture: string | null;
  latest_capture: string | null;
}

export interface NewSource {
  code: string;
  name: string;
  base_url: string | null;
  description: string | null;
  name_fr: string | null;
  description_fr: string | null;
}

export interface SourcesRepository {
  /** Every source, by code. */
  listSources(): Promise<SourceRow[]>;
  getSourceByCode(code: string): Promise<SourceRow | undefined>;
  getSourceById(id: number): Promise<SourceRow | undefined>;
  /** Every source with its number of captures and the span they cover, by code. */
  listSourceSummaries(): Promise<SourceSummaryRow[]>;
  /** Inserts the sources whose code is missing, all in one transaction; idempotent. */
  ensureSources(sources: readonly NewSource[], now: string): Promise<void>;
  setSourceBaseUrl(code: string, baseUrl: string, now: string): Promise<void>;
}
