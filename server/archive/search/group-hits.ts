/** Ranking's last step, the same on every path: group captures into pages when asked, then sort. */
import type { Hit, SearchParams } from "./search-types.js";

export function groupHits(hits: Hit[], view: SearchParams["view"], sort: SearchParams["sort"]): Hit[] {
  let list = hits;
  if (view === "pages") {
    const best = new Map<string, Hit>();
    for (const h of hits) {
      const cur = best.get(h.group);
      // The page's row shows its latest matching capture; its score is the best of its captures.
      if (!cur) best.set(h.group, { ...h });
      else {
        const score = Math.max(cur.score, h.score);
        if (h.ts > cur.ts) best.set(h.group, { ...h, score });
        else cur.score = score;
      }
    }
    list = [...best.values()];
  }
  return list.sort((a, b) =>
    sort === "relevance" && b.score !== a.score
      ? b.score - a.score
      : b.ts < a.ts
        ? -1
        : b.ts > a.ts
          ? 1
          : b.id - a.id,
  );
}
