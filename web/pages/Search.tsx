import { useLocation } from "@solidjs/router";
import {
  createEffect,
  createMemo,
  createResource,
  createSignal,
  For,
  lazy,
  Match,
  onCleanup,
  onMount,
  Show,
  Suspense,
  Switch,
} from "solid-js";
import { isCategory } from "../../shared/directory/constants";
import type { detectCrisis } from "../../shared/directory/crisis";
import type { Category } from "../../shared/directory/types";
import CoverageNote from "../components/directory/CoverageNote";
import CrisisActions from "../components/directory/CrisisActions";
import NearestWords from "../components/directory/NearestWords";
import OutsideArea from "../components/directory/OutsideArea";
import SearchFilters from "../components/directory/SearchFilters";
import { useTypedQuery } from "../components/directory/useTypedQuery";
import EmergencyNumbers from "../components/EmergencyNumbers";
import LoadError from "../components/LoadError";
import SearchForm from "../components/SearchForm";
import { usePageTitle } from "../components/usePageTitle";
import { browserOnline } from "../data/api/onlineFirst";
import { coverageLoaded, outsideArea, wideLinesFirst } from "../data/directory/coverage";
import { nearestWords } from "../data/directory/nearestWords";
import { prepareDeviceSearch, type SearchOutcome, searchDirectory } from "../data/directory/search";
import { lang, locale, t } from "../i18n/i18n";
import { formatDate } from "../i18n/intlFormats";
import type { Lang } from "../i18n/language";
import { searchParamsOf } from "../state/kioskSearch";
import { locate } from "../state/position";

// The result cards (phone lines read with libphonenumber's metadata, addresses, languages) are a
// chunk of their own, loaded as the page opens beside the search's answer: in the page's chunk they
// made the box, the crisis block and the coverage note wait for 30 kB more on a first visit.
const ServiceResult = lazy(() => import("../components/directory/ServiceResult"));

/**
 * How long an answer stays on screen before its count is said: results follow the typing, and a
 * screen reader hears the count once the person stops, not at each letter.
 */
const SETTLED_MS = 1000;

/**
 * Why the results come from the device's copy, and how old it is, in the page's language; a copy
 * with no date is a first sync's part (still running, or cut short).
 */
function fromDeviceNotice(from: NonNullable<SearchOutcome["fromDevice"]>): string {
  const key = from.offline ? "search.fromDevice" : "search.fromDeviceSlow";
  if (!from.savedAt) return t(key);
  const date = formatDate(locale(), from.savedAt, { dateStyle: "long", timeStyle: "short" });
  return t(from.offline ? "search.fromDeviceDated" : "search.fromDeviceSlowDated", { date });
}

export default function Search() {
  void ServiceResult.preload();
  usePageTitle("nav.search");
  // The address's parameters, or on a kiosk the entry's state (kioskSearch.ts): words typed there
  // stay out of the address the browser records.
  const location = useLocation();
  const params = createMemo(() => searchParamsOf(location));
  const addressQuery = () => (params().get("q") ?? "").trim().slice(0, 200);
  const category = () => {
    const value = params().get("category") ?? undefined;
    return isCategory(value) ? value : undefined;
  };
  const openNow = () => params().get("open") === "1";
  const near = () => params().get("near") === "1";
  const typing = useTypedQuery({ addressQuery, busy: () => outcome.loading });
  const query = typing.query;
  // One search per distinct request: the address catching up with the box searches nothing again.
  const request = createMemo(() =>
    query() ? JSON.stringify([query(), lang(), category() ?? null, openNow(), near()]) : "",
  );
  const [outcome] = createResource(
    () => request() || false,
    async (key) => {
      const [q, locale, category, openNow, near] = JSON.parse(key) as [
        string,
        Lang,
        Category | null,
        boolean,
        boolean,
      ];
      // Without a position the search still runs, unsorted by distance, and says so.
      const location = near ? await locate().catch(() => undefined) : undefined;
      const filters = { category: category ?? undefined, openNow, location };
      const result = await searchDirectory(q, locale, filters);
      // Far from the directory's area, lines that work there come before far-away local services.
      const area = await coverageLoaded();
      const where = area ? outsideArea(area, q, location) : null;
      const outside = area && where ? { area, where } : null;
      const results = outside
        ? wideLinesFirst(result.results, outside.area, outside.where.province)
        : result.results;
      // Nothing matched: the words the directory knows nearest to what was typed.
      const nearest = result.mode === "suggestions" ? await nearestWords(q) : [];
      return { ...result, results, outside, nearest, query: q, locationFailed: near && !location };
    },
  );
  // The words are checked here as typed, with the server's own rules (shared/directory/crisis.ts),
  // so the crisis block never waits on a weak signal for the search's answer. The check is a
  // chunk of its own (it carries the vocabulary), loaded as the page opens.
  const [typedCrisis, setTypedCrisis] = createSignal<typeof detectCrisis>();
  onMount(() => {
    void import("../../shared/directory/crisis")
      .then((m) => setTypedCrisis(() => m.detectCrisis))
      .catch(() => undefined);
  });
  // Else the last answer, not the one loading: the crisis block stays put while the person goes on typing.
  // `state` first: reading `latest` before any answer would suspend the page outside the results.
  // A memo: read twice a render (the block, and the area note placed under it), checked once a change.
  // The kinds read from the words choose the block's lines (211 for a night without shelter).
  // Read from the box as typed, however short: "od" shows the block before any search runs for it.
  const crisisKinds = createMemo(() => typedCrisis()?.(typing.typedText()) ?? []);
  const crisis = createMemo(
    () =>
      crisisKinds().length > 0 ||
      ((outcome.state === "ready" || outcome.state === "refreshing") && outcome.latest?.mode === "crisis"),
  );
  // Elsewhere than the directory's area: the lines that work there, read the same way as `crisis`.
  const outside = () =>
    outcome.state === "ready" || outcome.state === "refreshing" ? (outcome.latest?.outside ?? null) : null;
  // What a screen reader is told once an answer settles: the count the heading shows (and that
  // nothing matched exactly), politely, so a crisis block's alert is heard first and not cut off.
  // The region is on the page from the start: one added with its text is not always read.
  const [announcement, setAnnouncement] = createSignal("");
  let settling: ReturnType<typeof setTimeout> | undefined;
  createEffect(() => {
    clearTimeout(settling);
    if (!query()) return setAnnouncement("");
    // `state` first, as for `crisis`: an answer still loading is not read (nor waited for).
    const o = outcome.state === "ready" ? outcome.latest : undefined;
    if (!o) return;
    const count = t("search.resultsFor", { count: o.total, query: o.query });
    const text = o.mode === "suggestions" ? `${count}. ${t("search.suggestions")}` : count;
    settling = setTimeout(() => setAnnouncement(text), SETTLED_MS);
  });
  onCleanup(() => clearTimeout(settling));
  onMount(prepareDeviceSearch);
  return (
    <>
      <h1>{t("nav.search")}</h1>
      <p class="lead">{t("search.intro")}</p>
      <SearchForm initial={addressQuery()} onType={typing.onType} onFocus={prepareDeviceSearch}>
        {/* Under the box, above the filters and the results: on a phone's first screen. */}
        <Show when={typing.typedText() && crisis()}>
          <CrisisActions kinds={crisisKinds()} />
        </Show>
        {/* After the crisis block, which keeps its place when both apply. */}
        <Show when={query() ? outside() : null}>
          {(out) => <OutsideArea area={out().area} where={out().where} crisisAbove={crisis()} />}
        </Show>
        <SearchFilters category={category()} openNow={openNow()} near={near()} />
      </SearchForm>
      {/* Under the form, so the crisis actions and the numbers for elsewhere keep a phone's first
          screen; left out beside the box for someone elsewhere, which names the area itself. */}
      <Show when={!(query() && outside())}>
        <CoverageNote />
      </Show>
      <Show when={query()}>
        <section aria-labelledby="results-heading" aria-busy={outcome.loading}>
          {/* Only the results wait for a first answer: the search box stays in place as people type. */}
          <Suspense fallback={<p>{t("loading")}</p>}>
            <Switch>
              <Match when={outcome.error}>
                <LoadError message={t(browserOnline() ? "search.errorServer" : "search.error")} />
              </Match>
              <Match when={outcome.latest}>
                {(o) => (
                  <>
                    <h2 id="results-heading" data-testid="results-heading">
                      {t("search.resultsFor", { count: o().total, query: o().query })}
                    </h2>
                    <Show when={o().mode === "suggestions" || o().results.length === 0}>
                      <Show when={o().mode === "suggestions"}>
                        <Show when={o().nearest.length > 0}>
                          <NearestWords words={o().nearest} />
                        </Show>
                        <p class="muted">{t("search.suggestions")}</p>
                      </Show>
                      {/* Nothing matched what was asked: the numbers for danger stay within reach. */}
                      <EmergencyNumbers />
                    </Show>
                    <Show when={o().locationFailed}>
                      <p class="notice">{t("search.locationError")}</p>
                    </Show>
                    <Show when={o().fromDevice}>
                      {(from) => (
                        <p class="notice" data-testid="from-device">
                          {fromDeviceNotice(from())}
                        </p>
                      )}
                    </Show>
                    <ol class="cards list results">
                      <For each={o().results}>{(s) => <ServiceResult service={s} />}</For>
                    </ol>
                  </>
                )}
              </Match>
            </Switch>
          </Suspense>
        </section>
      </Show>
      <p role="status" class="visually-hidden" data-testid="results-announcement">
        {announcement()}
      </p>
    </>
  );
}
