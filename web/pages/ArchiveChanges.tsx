import { useNavigate, useSearchParams } from "@solidjs/router";
import { createResource, For, Match, Show, Switch } from "solid-js";
import ArchiveNav from "../components/archive/ArchiveNav";
import ArchivePager from "../components/archive/ArchivePager";
import ChangeItem from "../components/archive/ChangeItem";
import ChangeTypeSelect from "../components/archive/ChangeTypeSelect";
import DateRangeFields from "../components/archive/DateRangeFields";
import FeedLink from "../components/archive/FeedLink";
import FiltersFold from "../components/archive/FiltersFold";
import MaintenanceBanner from "../components/archive/MaintenanceBanner";
import SignificanceSelect from "../components/archive/SignificanceSelect";
import SourceSelect from "../components/archive/SourceSelect";
import { usePageTitle } from "../components/usePageTitle";
import {
  CHANGES_PAGE_SIZE,
  changesQuery,
  feedAddress,
  fetchChanges,
  readChangeFilters,
} from "../data/archive/changes";
import { fetchArchiveSources } from "../data/archive/sources";
import { lang, t } from "../i18n/i18n";
import { kiosk } from "../state/kiosk";
import "../styles/archive.css";
import LoadError from "../components/LoadError";

/** The change feed: new, updated and removed pages between crawls, with filters in the address. */
export default function ArchiveChanges() {
  usePageTitle("archive.changes.title");
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filters = () => readChangeFilters(params);
  const [sources] = createResource(lang, (language) => fetchArchiveSources(language).catch(() => []));
  // The summaries are worded by the server: a change of language asks again.
  const [feed, { refetch }] = createResource(
    () => ({ filters: filters(), language: lang() }),
    (key) => fetchChanges(key.filters, key.language),
  );
  const address = (page: number) => {
    const q = changesQuery({ ...filters(), page });
    return q ? `/archive/changes?${q}` : "/archive/changes";
  };
  const activeChangeFilters = () => {
    const f = filters();
    return [f.source, f.type, f.significance, f.from, f.to, f.includeNoise].filter(Boolean).length;
  };
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const next = readChangeFilters(Object.fromEntries([...form].map(([k, v]) => [k, String(v)])));
    const q = changesQuery({ ...next, page: 1 });
    navigate(q ? `/archive/changes?${q}` : "/archive/changes");
  };
  return (
    <>
      <h1>{t("archive.changes.title")}</h1>
      <p class="lead">{t("archive.changes.intro")}</p>
      <MaintenanceBanner />
      <ArchiveNav current="changes" />
      {/* None on a kiosk: the feed is a document outside the app, with no bar and no idle reset. */}
      <Show when={!kiosk()}>
        <FeedLink href={feedAddress(filters(), lang())} />
      </Show>
      <form class="search-form" action="/archive/changes" method="get" onSubmit={submit}>
        {/* Folded on a phone, so that the count and the first change are on its first screen. */}
        <FiltersFold active={activeChangeFilters()} openWide>
          <div class="filters archive-filters">
            <SourceSelect id="changes-source" value={filters().source} sources={sources() ?? []} />
            <ChangeTypeSelect value={filters().type} />
            <SignificanceSelect value={filters().significance} />
            <DateRangeFields idPrefix="changes" from={filters().from} to={filters().to} />
            <label class="check">
              <input type="checkbox" name="includeNoise" value="true" checked={filters().includeNoise} />
              {t("archive.changes.includeNoise")}
            </label>
            <button type="submit" class="primary">
              {t("archive.changes.apply")}
            </button>
          </div>
        </FiltersFold>
      </form>
      <Switch>
        <Match when={feed.error}>
          <LoadError message={t("archive.changes.error")} onRetry={() => void refetch()} />
        </Match>
        <Match when={feed()}>
          {(f) => (
            <>
              {/* The list's heading, as the directory's count heads its results: the cards' h3 come under it. */}
              <h2 id="changes-heading" data-testid="changes-total">
                {t("archive.changes.total", { count: f().total })}
              </h2>
              <ol class="cards list" aria-label={t("archive.changes.listLabel")}>
                <For each={f().changes}>{(c) => <ChangeItem change={c} />}</For>
              </ol>
              <ArchivePager
                page={filters().page}
                pages={Math.ceil(f().total / CHANGES_PAGE_SIZE)}
                href={address}
              />
            </>
          )}
        </Match>
        <Match when={feed.loading}>
          <p>{t("loading")}</p>
        </Match>
      </Switch>
    </>
  );
}
