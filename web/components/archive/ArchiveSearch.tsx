import { useNavigate, useSearchParams } from "@solidjs/router";
import { createResource, For, Match, Show, Switch } from "solid-js";
import { ARCHIVE_PAGE_SIZE, searchArchive } from "../../data/archiveSearch";
import { t } from "../../i18n/i18n";
import ArchiveHitItem from "./ArchiveHitItem";

/** Search form and results for archived pages; the query and page live in the address. */
export default function ArchiveSearch() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const q = () => (typeof params.q === "string" ? params.q.trim().slice(0, 256) : "");
  const page = () => Math.max(1, Number.parseInt(String(params.page ?? "1"), 10) || 1);
  const [found] = createResource(
    () => (q() ? { q: q(), page: page() } : false),
    (args) => searchArchive(args.q, args.page),
  );
  const go = (query: string, p = 1) =>
    navigate(`/archive?${new URLSearchParams({ q: query, ...(p > 1 ? { page: String(p) } : {}) })}`);
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget as HTMLFormElement).get("q") ?? "").trim();
    if (value) go(value);
  };
  const pages = () => Math.ceil((found()?.total ?? 0) / ARCHIVE_PAGE_SIZE);
  return (
    <section aria-labelledby="archive-search-heading">
      <h2 id="archive-search-heading">{t("archive.searchHeading")}</h2>
      <form class="search-form" action="/archive" method="get" onSubmit={submit}>
        <label for="archive-q">{t("archive.searchLabel")}</label>
        <div class="search-row">
          <input id="archive-q" name="q" type="search" maxLength={256} value={q()} />
          <button type="submit" class="primary">
            {t("search.submit")}
          </button>
        </div>
      </form>
      <Show when={q()}>
        <Switch>
          <Match when={found.error}>
            <p role="alert">{t("archive.searchError")}</p>
          </Match>
          <Match when={found()}>
            {(r) => (
              <>
                <p data-testid="archive-total">{t("search.resultsFor", { count: r().total, query: q() })}</p>
                <ol class="cards list">
                  <For each={r().results}>{(hit) => <ArchiveHitItem hit={hit} />}</For>
                </ol>
                <Show when={pages() > 1}>
                  <nav class="pager" aria-label={t("archive.pages")}>
                    <Show when={page() > 1}>
                      <button type="button" onClick={() => go(q(), page() - 1)}>
                        {t("archive.previous")}
                      </button>
                    </Show>
                    <span>{t("archive.pageOf", { page: page(), pages: pages() })}</span>
                    <Show when={page() < pages()}>
                      <button type="button" onClick={() => go(q(), page() + 1)}>
                        {t("archive.next")}
                      </button>
                    </Show>
                  </nav>
                </Show>
              </>
            )}
          </Match>
          <Match when={found.loading}>
            <p>{t("loading")}</p>
          </Match>
        </Switch>
      </Show>
    </section>
  );
}
