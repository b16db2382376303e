import { createResource, For, Match, Show, Switch } from "solid-js";
import ArchiveNav from "../components/archive/ArchiveNav";
import ArchiveSearch from "../components/archive/ArchiveSearch";
import MaintenanceBanner from "../components/archive/MaintenanceBanner";
import SourceCard from "../components/archive/SourceCard";
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
  return (
    <>
      <h1>{t("archive.title")}</h1>
      <p class="lead">{t("archive.intro")}</p>
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
