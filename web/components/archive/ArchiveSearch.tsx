import { useNavigate, useSearchParams } from "@solidjs/router";
import { createResource, For, Match, Show, Switch } from "solid-js";
import { ARCHIVE_PAGE_SIZE, type ArchiveResults, searchArchive } from "../../data/archive/search";
import { readSearchFilters, searchAddress, wantsSearch } from "../../data/archive/searchFilters";
import type { ArchiveSource } from "../../data/archive/sources";
import { lang, t } from "../../i18n/i18n";
import ArchiveHitItem from "./ArchiveHitItem";
import ArchivePager from "./ArchivePager";
import SearchFilterFields from "./SearchFilterFields";
import SearchMode from "./SearchMode";

/** Search form and results for archived pages; every filter and the page live in the address. */
export default function ArchiveSearch(props: { sources: ArchiveSource[] }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filters = () => readSearchFilters(params);
  const [found] = createResource(
    () => (wantsSearch(filters()) ? { filters: filters(), language: lang() } : false),
    (key) => searchArchive(key.filters, key.language),
  );
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const next = readSearchFilters(Object.fromEntries([...form].map(([k, v]) => [k, String(v)])));
    navigate(`/archive?${searchAddress({ ...next, page: 1 })}`);
  };
  const pages = () => Math.ceil((found()?.total ?? 0) / ARCHIVE_PAGE_SIZE);
  // A relevance search needs every word; with none found, the same words joined by OR find any.
  // Not offered under filters, which may be what found nothing.
  const anyOf = () => {
    const f = filters();
    if (f.source || f.from || f.to || f.language) return null;
    const words = f.q.trim().split(/\s+/);
    return words.length > 1 ? words.join(" OR ") : null;
  };
  const totalText = (r: ArchiveResults) =>
    filters().q
      ? t(r.totalEstimated ? "archive.resultsAboutFor" : "search.resultsFor", {
          count: r.total,
          query: filters().q,
        })
      : t("archive.filteredTotal", { count: r.total });
  const anyWord = (r: ArchiveResults) => (r.total === 0 && r.mode.startsWith("relevance") ? anyOf() : null);
  // Said politely once the answer is in (the search is sent by its button, not at each letter):
  // the count, and the offer of any of the words when none held them all. Read through `state`,
  // so a search under way says nothing yet.
  const announcement = () => {
    const r = found.state === "ready" && wantsSearch(filters()) ? found.latest : undefined;
    if (!r) return "";
    const q = anyWord(r);
    return q ? `${totalText(r)}. ${t("archive.allWordsHint")} ${q}` : totalText(r);
  };
  return (
    <section aria-labelledby="archive-search-heading">
      <h2 id="archive-search-heading">{t("archive.searchHeading")}</h2>
      <form class="search-form" action="/archive" method="get" onSubmit={submit}>
        <label for="archive-q">{t("archive.searchLabel")}</label>
        <div class="search-row">
          <input id="archive-q" name="q" type="search" maxLength={256} value={filters().q} />
          <button type="submit" class="primary">
            {t("search.submit")}
          </button>
        </div>
        <SearchFilterFields filters={filters()} sources={props.sources} />
      </form>
      <Show when={wantsSearch(filters())}>
        <Switch>
          <Match when={found.error}>
            <p role="alert">{t("archive.searchError")}</p>
          </Match>
          <Match when={found()}>
            {(r) => (
              <>
                <p data-testid="archive-total">{totalText(r())}</p>
                <SearchMode mode={r().mode} />
                <Show when={anyWord(r())}>
                  {(q) => (
                    <p data-testid="archive-any-word">
                      {t("archive.allWordsHint")}{" "}
                      <a href={`/archive?${searchAddress({ ...filters(), q: q(), page: 1 })}`}>{q()}</a>
                    </p>
                  )}
                </Show>
                <ol class="cards list">
                  <For each={r().results}>{(hit) => <ArchiveHitItem hit={hit} />}</For>
                </ol>
                <ArchivePager
                  page={filters().page}
                  pages={pages()}
                  href={(p) => `/archive?${searchAddress({ ...filters(), page: p })}`}
                />
              </>
            )}
          </Match>
          <Match when={found.loading}>
            <p>{t("loading")}</p>
          </Match>
        </Switch>
      </Show>
      {/* On the page before any answer: a region added with its text is not always read. */}
      <p role="status" class="visually-hidden" data-testid="archive-announcement">
        {announcement()}
      </p>
    </section>
  );
}
