import { createResource, For, Match, Switch } from "solid-js";
import ArchiveNav from "../components/archive/ArchiveNav";
import EditionCard from "../components/archive/EditionCard";
import MaintenanceBanner from "../components/archive/MaintenanceBanner";
import LoadError from "../components/LoadError";
import { usePageTitle } from "../components/usePageTitle";
import { fetchEditions } from "../data/archive/editions";
import { fetchArchiveSources } from "../data/archive/sources";
import { lang, t } from "../i18n/i18n";
import { kiosk } from "../state/kiosk";
import "../styles/archive.css";

/** The annual editions, newest year first: what each holds, and the file to read it offline. */
export default function ArchiveEditions() {
  usePageTitle("archive.editions.title");
  const [editions, { refetch }] = createResource(fetchEditions);
  // Names only: without them a card says the source's code.
  const [sources] = createResource(lang, (language) => fetchArchiveSources(language).catch(() => []));
  const nameOf = (code: string) => sources()?.find((s) => s.code === code)?.name ?? code.toUpperCase();
  return (
    <>
      <h1>{t("archive.editions.title")}</h1>
      {/* A kiosk offers no download (EditionCard), so its introduction does not promise one. */}
      <p class="lead">{t(kiosk() ? "archive.editions.introKiosk" : "archive.editions.intro")}</p>
      <MaintenanceBanner />
      <ArchiveNav current="editions" />
      <Switch>
        <Match when={editions.error}>
          <LoadError message={t("archive.editions.error")} onRetry={() => void refetch()} />
        </Match>
        <Match when={editions()?.length === 0}>
          <p>{t("archive.editions.none")}</p>
        </Match>
        <Match when={editions()}>
          {(list) => (
            <ul class="cards list" aria-label={t("archive.editions.listLabel")}>
              <For each={list()}>{(e) => <EditionCard edition={e} sourceName={nameOf(e.sourceCode)} />}</For>
            </ul>
          )}
        </Match>
        <Match when={editions.loading}>
          <p>{t("loading")}</p>
        </Match>
      </Switch>
    </>
  );
}
