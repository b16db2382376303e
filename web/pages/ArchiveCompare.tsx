import { A, useNavigate, useSearchParams } from "@solidjs/router";
import { createEffect, createResource, Match, Show, Switch } from "solid-js";
import ArchiveNav from "../components/archive/ArchiveNav";
import CapturesSideBySide from "../components/archive/CapturesSideBySide";
import ChangeStepper from "../components/archive/ChangeStepper";
import { captureTime } from "../components/archive/captureTime";
import DiffTable from "../components/archive/DiffTable";
import MaintenanceBanner from "../components/archive/MaintenanceBanner";
import { usePageTitle } from "../components/usePageTitle";
import { ApiError } from "../data/api/client";
import { compareAddress, fetchCompare } from "../data/archive/changes";
import { diffRows } from "../data/archive/diffRows";
import { lang, locale, t } from "../i18n/i18n";
import "../styles/archive.css";
import LoadError from "../components/LoadError";

const idOf = (v: string | string[] | undefined) => {
  const s = Array.isArray(v) ? v[0] : v;
  return s && /^[1-9]\d{0,15}$/.test(s) ? Number(s) : null;
};

/** Two captures of one page compared line by line (GET /api/changes/compare). */
export default function ArchiveCompare() {
  usePageTitle("archive.compare.title");
  const [params] = useSearchParams();
  const ids = () => {
    const from = idOf(params.from);
    const to = idOf(params.to);
    return from && to ? { from, to } : false;
  };
  // The level's reason is worded by the server: a change of language asks again.
  const [diff] = createResource(
    () => {
      const p = ids();
      return p ? { ...p, language: lang() } : false;
    },
    (p) => fetchCompare(p.from, p.to, p.language),
  );
  const navigate = useNavigate();
  // The view reads "earlier → later"; a link given the other way round is turned around.
  createEffect(() => {
    const d = diff.state === "ready" ? diff() : undefined;
    if (d && d.from.captureTimestamp > d.to.captureTimestamp)
      navigate(compareAddress(d.to.id, d.from.id), { replace: true });
  });
  const rows = () => (diff() ? diffRows(diff()!.html) : []);
  const blocks = () => rows().filter((r) => r.blockStart).length;
  const when = (iso: string) => captureTime(locale(), iso, { month: "short", seconds: true });
  return (
    <>
      <h1>{t("archive.compare.title")}</h1>
      <MaintenanceBanner />
      <ArchiveNav current={null} />
      <Switch>
        <Match when={!ids()}>
          <LoadError message={t("archive.compare.badIds")} />
        </Match>
        <Match when={diff.error}>
          <LoadError
            message={
              diff.error instanceof ApiError && diff.error.status < 500
                ? t("archive.compare.refused")
                : t("archive.compare.error")
            }
          />
        </Match>
        <Match when={diff()}>
          {(d) => (
            <>
              <p class="break">{d().url}</p>
              <p data-testid="compare-counts">
                {t("archive.change.added", { count: d().addedLines })}
                {" · "}
                {t("archive.change.removedLines", { count: d().removedLines })}
              </p>
              {/* Two captures with the same text (the same page captured twice) have no change to rate. */}
              <Show
                when={d().addedLines + d().removedLines > 0}
                fallback={
                  <p class="notice" data-testid="compare-same">
                    {t("archive.compare.same")}
                  </p>
                }
              >
                <p class="archive-change-reason" data-testid="compare-level">
                  <span class={`tag level-${d().significance}`}>
                    {t(`archive.level.${d().significance}`)}
                  </span>{" "}
                  <span class="visually-hidden">{t("archive.compare.why")}: </span>
                  {d().significanceReason}
                </p>
                <Show when={d().highNoise}>
                  <p class="notice">{t("archive.compare.noise")}</p>
                </Show>
              </Show>
              <ul class="archive-compare-links">
                <li>
                  <A href={`/archive/snapshots/${d().from.id}`}>
                    {t("archive.compare.openBefore", { date: when(d().from.captureTimestamp) })}
                  </A>
                </li>
                <li>
                  <A href={`/archive/snapshots/${d().to.id}`}>
                    {t("archive.compare.openAfter", { date: when(d().to.captureTimestamp) })}
                  </A>
                </li>
              </ul>
              <CapturesSideBySide
                from={d().from.id}
                to={d().to.id}
                added={rows()
                  .filter((r) => r.changed && r.after !== null)
                  .map((r) => r.after as string)}
              />
              <p class="muted">{t("archive.diff.legend")}</p>
              <ChangeStepper count={blocks()} />
              <DiffTable
                rows={rows()}
                before={t("archive.diff.before", { date: when(d().from.captureTimestamp) })}
                after={t("archive.diff.after", { date: when(d().to.captureTimestamp) })}
              />
            </>
          )}
        </Match>
        <Match when={diff.loading}>
          <p>{t("loading")}</p>
        </Match>
      </Switch>
    </>
  );
}
