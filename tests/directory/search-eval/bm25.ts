/**
 * The reference the shared ranking is compared with: plain BM25 (MiniSearch's BM25+, default
 * parameters) over each service's name and description in both languages, with the same accent
 * folding, stop words and plural stripping as the ranking, and nothing else: no needs vocabulary,
 * no typo tolerance, no category boosts, no crisis handling.
 */
import MiniSearch from "minisearch";
import type { DirectoryService } from "../../../shared/directory/index.js";
import { isStopWord, stem, words } from "../../../shared/text/index.js";

export function bm25Ranker(services: readonly DirectoryService[]): (query: string) => DirectoryService[] {
  const active = services.filter((s) => s.status === "active");
  const byId = new Map(active.map((s) => [s.id, s]));
  const search = new MiniSearch<{ id: string; name: string; description: string }>({
    fields: ["name", "description"],
    tokenize: (text) => words(text),
    processTerm: (term) => (isStopWord(term) ? null : stem(term)),
  });
  search.addAll(
    active.map((s) => ({
      id: s.id,
      name: `${s.name.en} ${s.name.fr}`,
      description: `${s.description.en} ${s.description.fr}`,
    })),
  );
  return (query) =>
    search.search(query).flatMap((r) => {
      const s = byId.get(r.id as string);
      return s ? [s] : [];
    });
}
