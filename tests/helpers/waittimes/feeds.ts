/** Builds feed files in each province's format with timestamps relative to now (for freshness rules). */
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

export function quebecTable(
  rows: { name: string; total?: number; occupied?: number; waiting?: number; wait?: number; at: number }[],
) {
  const header =
    "Nom_etablissement;Nom_installation;No_permis_installation;Nombre_de_civieres_fonctionnelles;Nombre_de_civieres_occupees;Nombre_total_de_patients_en_attente_de_PEC;DMPEC_salle_attente_minutes;Mise_a_jour";
  const lines = rows.map((r) =>
    ["Etab", r.name, "", r.total ?? "", r.occupied ?? "", r.waiting ?? "", r.wait ?? "", iso(r.at)].join(";"),
  );
  return `${[header, ...lines].join("\n")}\n`;
}

export function albertaFeed(sites: { name: string; minutes: number; at: number }[]) {
  return JSON.stringify({
    generated: iso(Date.now()),
    Calgary: {
      Emergency: sites.map((s) => ({
        Name: s.name,
        WaitTime: `${Math.floor(s.minutes / 60)} hr ${s.minutes % 60} min`,
        TimeStamp: iso(s.at),
      })),
    },
  });
}

export function bcFeed(facilities: { name: string; p90: number; at: number }[]) {
  return JSON.stringify({
    facilities: facilities.map((f) => ({
      facility_id: f.name.slice(0, 3).toUpperCase(),
      name: f.name,
      wait_p90_minutes: f.p90,
      updated_at: iso(f.at),
    })),
  });
}
