// One hospital's facts (source, cadence, methodology) for the pages that show a single hospital:
// the copy saved with its province's list when there is one, otherwise from GET /api/hospitals.
import type { Hospital } from "../../shared/waittimes/schemas";
import { fetchAllHospitals } from "./compare";
import { database } from "./db";

export async function loadHospitalFacts(id: string): Promise<Hospital | undefined> {
  const saved = await database()
    .hospitals.get(id)
    .catch(() => undefined);
  if (saved) return saved;
  const all = await fetchAllHospitals().catch(() => [] as Hospital[]);
  return all.find((h) => h.id === id || h.aliases.includes(id));
}
