import { A } from "@solidjs/router";
import { For } from "solid-js";
import type { MessageKey } from "../../i18n/en";
import { t } from "../../i18n/i18n";

// One tap runs the directory search: the words are the reader's language's (the shared ranking
// understands both), and the category narrows results where one category covers the need.
const NEEDS: Array<{ label: MessageKey; query: MessageKey; category?: string }> = [
  { label: "home.need.food", query: "home.need.food.q", category: "food" },
  { label: "home.need.shelter", query: "home.need.shelter.q", category: "housing" },
  { label: "home.need.crisis", query: "home.need.crisis.q" },
  { label: "home.need.health", query: "home.need.health.q", category: "health" },
  { label: "home.need.mentalHealth", query: "home.need.mentalHealth.q" },
  { label: "home.need.money", query: "home.need.money.q", category: "financial" },
  { label: "home.need.legal", query: "home.need.legal.q", category: "legal" },
  { label: "home.need.work", query: "home.need.work.q", category: "employment" },
];

export function needHref(query: string, category?: string): string {
  const params = new URLSearchParams({ q: query });
  if (category) params.set("category", category);
  return `/search?${params}`;
}

export default function NeedTiles() {
  return (
    <nav class="needs" aria-labelledby="needs-title">
      <h2 id="needs-title">{t("home.needs.title")}</h2>
      <ul>
        <For each={NEEDS}>
          {(need) => (
            <li>
              <A href={needHref(t(need.query), need.category)}>{t(need.label)}</A>
            </li>
          )}
        </For>
      </ul>
    </nav>
  );
}
