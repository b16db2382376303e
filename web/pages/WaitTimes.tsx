import { useSearchParams } from "@solidjs/router";
import { createEffect, createMemo, createSignal, For, Match, on, Show, Switch } from "solid-js";
import type { LatLng } from "../../shared/geo";
import EmergencyNumbers from "../components/EmergencyNumbers";
import LoadError from "../components/LoadError";
import { usePageTitle } from "../components/usePageTitle";
import Call911Line from "../components/waittimes/Call911Line";
import { drawInSteps } from "../components/waittimes/drawInSteps";
import HospitalCard from "../components/waittimes/HospitalCard";
import HospitalFinder from "../components/waittimes/HospitalFinder";
import ProvincePicker from "../components/waittimes/ProvincePicker";
import { describeReporting } from "../data/waittimes/describeMethodology";
import { isStale } from "../data/waittimes/figureStamp";
import {
  findHospitals,
  methodologyKey,
  provincesNearby,
  type SortOrder,
  usualMethodology,
} from "../data/waittimes/hospitalFinder";
import { provinceFrom, rememberProvince } from "../data/waittimes/lastProvince";
import { useRegistry } from "../data/waittimes/useRegistry";
import { lang, locale, t } from "../i18n/i18n";
import { locate } from "../state/position";
import "../styles/waittimes.css";
import { formatDate } from "../i18n/intlFormats";

/** /waits?province=&q=: a province's hospitals, found by name or city, by name or nearest first. */
export default function WaitTimes() {
  usePageTitle("waits.title");
  const [params, setParams] = useSearchParams();
  const province = () => provinceFrom(params.province);
  createEffect(() => rememberProvince(province()));
  const query = () => (typeof params.q === "string" ? params.q : "");
  // The reader's position lives in this page's memory only: never in storage or the address.
  const [position, setPosition] = createSignal<LatLng>();
  const [sort, setSort] = createSignal<SortOrder>("name");
  const [locating, setLocating] = createSignal(false);
  const [nearFailed, setNearFailed] = createSignal(false);
  const shownNote = () => (nearFailed() ? t("waits.near.failed") : null);
  // Nearest first lists hospitals whatever their province; choosing a province goes back to its list.
  createEffect(on(province, () => setSort("name"), { defer: true }));
  const nearby = () => sort() === "distance" && position() !== undefined;
  const mixedProvinces = createMemo(() => (nearby() ? provincesNearby(listed()) : []));
  const state = useRegistry();
  const inProvince = () => state.registry()?.hospitals.filter((h) => h.province === province()).length ?? 0;
  const listed = createMemo(() =>
    findHospitals(state.registry()?.hospitals ?? [], {
      province: province(),
      query: query(),
      sort: sort(),
      position: position(),
      locale: lang(),
    }),
  );
  const cards = drawInSteps(listed);
  const usual = createMemo(() => usualMethodology(state.registry()?.hospitals ?? [], province()));
  /**
   * No hospital of the province has a recent figure in a copy fetched just now: the province's
   * feed has not reached us, which each card's "no recent figure" would otherwise blame on its
   * hospital. (An old saved copy is stale for another reason, which the count line gives.)
   */
  const provinceQuiet = createMemo(() => {
    const registry = state.registry();
    if (!registry || !state.fresh()) return false;
    const ofProvince = registry.hospitals.filter((h) => h.province === province());
    return (
      ofProvince.length > 0 &&
      ofProvince.every((h) => {
        const l = registry.latest.get(h.id);
        return !l || l.value === null || !l.observedAt || isStale(l.observedAt, h.cadence_seconds);
      })
    );
  });
  // What the hospitals report, from the methodology the list already has (not written by hand).
  const reporting = createMemo(() =>
    describeReporting(
      (state.registry()?.hospitals ?? []).map((h) => h.methodology),
      t,
      locale(),
    ),
  );
  const savedDate = () => {
    const at = state.registry()?.savedAt;
    return at ? formatDate(locale(), at, { dateStyle: "long", timeStyle: "short" }) : "";
  };
  const wideScreen = () => window.matchMedia("(min-width: 48rem)").matches;
  const nearMe = async () => {
    setLocating(true);
    setNearFailed(false);
    try {
      const here = await locate();
      setPosition(here);
      // Near me lists the nearest hospitals wherever the reader is, across provincial borders.
      setSort("distance");
    } catch {
      setNearFailed(true);
    } finally {
      setLocating(false);
    }
  };

  return (
    <>
      <h1>{t("waits.title")}</h1>
      <Call911Line />
      {/* On a phone the hospitals and their figures come first: the introduction and the other
          views fold under one line (open on a wider screen, where they cost no hospital). What a
          figure measures stays beside it: in the list's sentence and on every card. */}
      <details class="waits-about" open={wideScreen()}>
        <summary>{t("waits.about")}</summary>
        <p class="lead" data-testid="waits-intro">
          {t("waits.intro")}
          <Show when={reporting()}>{(r) => ` ${r()}`}</Show>
        </p>
        <ul class="waits-links">
          <li>
            <a href="/waits/compare">{t("compare.title")}</a>
          </li>
          <li>
            <a href={`/waits/benchmarks?province=${province()}`}>{t("waits.bench.link")}</a>
          </li>
          <li>
            <a href="/waits/occupancy">{t("waits.occ.link")}</a>
          </li>
        </ul>
      </details>
      <ProvincePicker current={province()} />
      <HospitalFinder
        query={query()}
        sort={sort()}
        hasPosition={position() !== undefined}
        locating={locating()}
        onQuery={(q) => setParams({ q: q || undefined }, { replace: true })}
        onSort={setSort}
        onNearMe={() => void nearMe()}
      />
      <Show when={shownNote()}>
        {(note) => (
          <p class="notice" role="status" data-testid="near-note">
            {note()}
          </p>
        )}
      </Show>
      <div class="list-heading">
        <h2 id="hospital-list-heading">{nearby() ? t("waits.near.heading") : t(`province.${province()}`)}</h2>
        <Show when={state.registry()}>
          {(registry) => (
            <p class="muted" role="status" data-testid="hospital-count">
              {query().trim()
                ? t("waits.found", { count: listed().length, total: inProvince() })
                : t("waits.count", { count: listed().length })}
              {!state.fresh() && registry().savedAt
                ? ` · ${t("waits.offlineCopy", { date: savedDate() })}`
                : ""}
            </p>
          )}
        </Show>
      </div>
      <div>
        <Switch>
          <Match when={state.registry()}>
            {(registry) => (
              <>
                <Show when={mixedProvinces().length > 1}>
                  <p class="notice" data-testid="near-provinces">
                    {t("waits.near.provinces", {
                      provinces: new Intl.ListFormat(locale(), { type: "conjunction" }).format(
                        mixedProvinces().map((p) => t(`province.${p}`)),
                      ),
                    })}
                  </p>
                </Show>
                <Show when={!nearby() && provinceQuiet()}>
                  <p class="notice" data-testid="province-quiet">
                    {t("waits.provinceQuiet", { province: t(`province.${province()}`) })}
                  </p>
                </Show>
                <Show when={!nearby() && usual()}>
                  {(u) => (
                    <p data-testid="usual-method">
                      {t("waits.usualMethod", {
                        province: t(`province.${province()}`),
                        metric: t(`metric.${u().methodology.metric_family}`),
                        statistic: t(`statistic.${u().methodology.statistic_type}`),
                      })}
                    </p>
                  )}
                </Show>
                <Show
                  when={listed().length > 0}
                  fallback={
                    <>
                      <p>
                        {query().trim() ? t("waits.find.none", { query: query().trim() }) : t("waits.none")}
                      </p>
                      <EmergencyNumbers />
                    </>
                  }
                >
                  <ul
                    class="cards list hospitals"
                    aria-labelledby="hospital-list-heading"
                    aria-busy={cards.drawing() ? "true" : undefined}
                  >
                    <For each={cards.shown()}>
                      {(item) => (
                        <HospitalCard
                          hospital={item.hospital}
                          latest={registry().latest.get(item.hospital.id)}
                          distanceKm={item.distanceKm}
                          acrossProvinces={nearby()}
                          reportsUsual={
                            methodologyKey(item.hospital) === methodologyKey(usual() ?? item.hospital)
                          }
                        />
                      )}
                    </For>
                  </ul>
                </Show>
              </>
            )}
          </Match>
          <Match when={state.failed()}>
            <LoadError message={t("waits.error")} onRetry={state.retry} homeLink={false} />
          </Match>
          <Match when={true}>
            <p>{t("loading")}</p>
          </Match>
        </Switch>
      </div>
    </>
  );
}
