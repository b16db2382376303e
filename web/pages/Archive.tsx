import { useSearchParams } from "@solidjs/router";
import { createResource, createSignal, For, Match, onMount, Show, Switch } from "solid-js";
import type { detectCrisis } from "../../shared/directory/crisis";
import ArchiveNav from "../components/archive/ArchiveNav";
import ArchiveSearch from "../components/archive/ArchiveSearch";
import MaintenanceBanner from "../components/archive/MaintenanceBanner";
import SourceCard from "../components/archive/SourceCard";
import CrisisActions from "../components/directory/CrisisActions";
import { usePageTitle } from "../components/usePageTitle";
import { fetchArchiveSources } from "../data/archive/sources";
import { lang, t } from "../i18n/i18n";
import "../styles/archive.css";
import EmergencyNumbers from "../components/EmergencyNumbers";
import LoadError from "../components/LoadError";

export default function Archive() {
  usePageTitle("archive.title");
  const [sources, { refetch }] = createResource(lang, fetchArchiveSources);
  // A source never captured has nothing to show yet: it is counted, not listed as "0 captures".
  const captured = () => (sources() ?? []).filter((s) => s.snapshotCount > 0);
  const waiting = () => (sources()?.length ?? 0) - captured().length;
  // A search that reads as a crisis ("suicide", "je veux mourir") gets the directory search's
  // crisis block, with the same shared rules (shared/directory/crisis.ts), loaded as a chunk of
  // its own as the directory search loads it; above the search, so it is on a phone's first screen.
  const [params] = useSearchParams();
  const [check, setCheck] = createSignal<typeof detectCrisis>();
  onMount(() => {
    void import("../../shared/directory/crisis")
      .then((m) => setCheck(() => m.detectCrisis))
      .catch(() => undefined);
  });
  const query = () => (Array.isArray(params.q) ? params.q[0] : params.q);
  const crisisKinds = () => {
    const q = query();
    return q?.trim() ? (check()?.(q) ?? []) : [];
  };
  const crisis = () => crisisKinds().length > 0;
  return (
    <>
      <h1>{t("archive.title")}</h1>
      <Show when={crisis()}>
        <CrisisActions kinds={crisisKinds()} />
      </Show>
      {/* Once a search is made, a phone shows its results rather than the introduction (styles). */}
      <p class="lead" classList={{ "archive-intro-searched": Boolean(query()?.trim()) }}>
        {t("archive.intro")}
      </p>
      <MaintenanceBanner />
      <ArchiveNav current="search" />
      <ArchiveSearch sources={sources.error ? [] : (sources() ?? [])} />
      <h2 id="sources-heading">{t("archive.sources")}</h2>
      <Switch>
        <Match when={sources.error}>
          <LoadError message={t("archive.error")} onRetry={() => void refetch()} />
        </Match>
        <Match when={sources() && captured().length === 0}>
          <p>{t("archive.none")}</p>
          <EmergencyNumbers />
        </Match>
        <Match when={sources()}>
          <ul class="cards list" aria-labelledby="sources-heading">
            <For each={captured()}>{(s) => <SourceCard source={s} />}</For>
          </ul>
          <Show when={waiting() > 0}>
            <p class="muted">{t("archive.notYetCaptured", { count: waiting() })}</p>
          </Show>
        </Match>
        <Match when={sources.loading}>
          <p>{t("loading")}</p>
        </Match>
      </Switch>
    </>
  );
}
