import { A, useParams } from "@solidjs/router";
import { createResource, Match, Show, Switch } from "solid-js";
import ArchiveNav from "../components/archive/ArchiveNav";
import CaptureTimeline from "../components/archive/CaptureTimeline";
import { captureTime } from "../components/archive/captureTime";
import MaintenanceBanner from "../components/archive/MaintenanceBanner";
import ReplayLink from "../components/archive/ReplayLink";
import SnapshotFacts from "../components/archive/SnapshotFacts";
import { usePageTitle } from "../components/usePageTitle";
import { ApiError } from "../data/api/client";
import { compareAddress } from "../data/archive/changes";
import { fetchSnapshot } from "../data/archive/snapshot";
import { langAttr } from "../i18n/contentLang";
import { lang, locale, t } from "../i18n/i18n";
import "../styles/archive.css";
import LoadError from "../components/LoadError";

/** One capture: what and when, where it came from, a link to replay it, and its page's other captures. */
export default function ArchiveSnapshot() {
  usePageTitle("archive.snapshot.title");
  const params = useParams();
  const id = () => (/^[1-9]\d{0,15}$/.test(params.id ?? "") ? Number(params.id) : null);
  const [snapshot, { refetch }] = createResource(
    () => {
      const n = id();
      return n ? { id: n, language: lang() } : false;
    },
    (key) => fetchSnapshot(key.id, key.language),
  );
  const notFound = () => snapshot.error instanceof ApiError && snapshot.error.status === 404;
  const when = (iso: string) => captureTime(locale(), iso);
  return (
    <>
      <MaintenanceBanner />
      <ArchiveNav current={null} />
      <Switch>
        <Match when={id() === null || notFound()}>
          <h1>{t("archive.snapshot.notFound")}</h1>
          <p>
            <A href="/archive">{t("archive.snapshot.backToSearch")}</A>
          </p>
        </Match>
        <Match when={snapshot.error}>
          <h1>{t("archive.snapshot.title")}</h1>
          <LoadError message={t("archive.snapshot.error")} onRetry={() => void refetch()} />
        </Match>
        <Match when={snapshot()}>
          {(s) => (
            <article class="archive-snapshot">
              <h1 class="break" lang={s().title ? langAttr(s().language) : undefined}>
                {s().title || s().url}
              </h1>
              <p class="lead">{t("archive.snapshot.capturedOn", { date: when(s().captureTimestamp) })}</p>
              <div class="archive-actions">
                <Show when={s().replayUrl} fallback={<p>{t("archive.replay.unavailable")}</p>}>
                  {(url) => <ReplayLink href={url()} class="button archive-replay-main" />}
                </Show>
                <Show when={s().previousSnapshotId}>
                  {(prev) => (
                    <A href={compareAddress(prev(), s().id)}>{t("archive.snapshot.compareWithPrevious")}</A>
                  )}
                </Show>
              </div>
              <nav class="pager" aria-label={t("archive.snapshot.neighbours")}>
                <Show when={s().previousSnapshotId} fallback={<span>{t("archive.snapshot.first")}</span>}>
                  {(prev) => <A href={`/archive/snapshots/${prev()}`}>{t("archive.snapshot.previous")}</A>}
                </Show>
                <Show when={s().nextSnapshotId} fallback={<span>{t("archive.snapshot.latest")}</span>}>
                  {(next) => <A href={`/archive/snapshots/${next()}`}>{t("archive.snapshot.next")}</A>}
                </Show>
              </nav>
              <SnapshotFacts snapshot={s()} />
              <CaptureTimeline snapshot={s()} />
            </article>
          )}
        </Match>
        <Match when={snapshot.loading}>
          <p>{t("loading")}</p>
        </Match>
      </Switch>
    </>
  );
}
