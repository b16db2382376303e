import { useParams, useSearchParams } from "@solidjs/router";
import { createEffect, createResource, Match, Show, Switch } from "solid-js";
import type { TrendPeriod } from "../../shared/waittimes/schemas";
import LoadError from "../components/LoadError";
import HospitalHeader from "../components/waittimes/HospitalHeader";
import { loadUPlot } from "../components/waittimes/loadUPlot";
import MethodologyChangeNote from "../components/waittimes/MethodologyChangeNote";
import MethodologyNote from "../components/waittimes/MethodologyNote";
import PeriodPicker from "../components/waittimes/PeriodPicker";
import { TREND_DATA_MARK } from "../components/waittimes/TrendChart";
import TrendTable from "../components/waittimes/TrendTable";
import TrendView from "../components/waittimes/TrendView";
import { isApiError } from "../data/api/client";
import { loadHospitalInfo } from "../data/waittimes/hospitalFacts";
import { loadTrends } from "../data/waittimes/loadTrends";
import { defaultPeriodFor } from "../data/waittimes/publishingRhythm";
import { isPeriod } from "../data/waittimes/trends";
import { t } from "../i18n/i18n";
import { online } from "../state/online";

/**
 * /waits/:id?period=: a hospital's latest figure, history and methodology. Without a period it
 * opens on the one its publishing rhythm fills (a year for a monthly table, a week for a live feed).
 */
export default function HospitalTrends() {
  const params = useParams<{ id: string }>();
  const [search] = useSearchParams();
  // Fetch the chart library alongside the data rather than after it.
  void loadUPlot().catch(() => undefined);
  // Facts and latest figure from the registry saved on the device (brought up to date first when
  // online and older than a minute).
  const [info, { mutate: showNewerInfo }] = createResource(
    () => params.id,
    (id) => loadHospitalInfo(id, online(), (newer) => showNewerInfo(newer)),
  );
  const period = () =>
    isPeriod(search.period) ? search.period : defaultPeriodFor(info()?.hospital?.cadence_seconds);
  // Keyed by text: a newer copy of the same hospital's facts does not ask for its trends again.
  const [loaded, { refetch }] = createResource(
    () => (info.state === "ready" ? JSON.stringify([info()?.hospital?.id ?? params.id, period()]) : false),
    async (key) => {
      const [id, period] = JSON.parse(key) as [string, TrendPeriod];
      const result = await loadTrends(id, period, online());
      performance.mark(TREND_DATA_MARK);
      return result;
    },
  );
  const trends = () => (loaded.state === "ready" ? loaded().trends : undefined);
  const name = () => info()?.hospital?.name ?? trends()?.hospital_name;
  createEffect(() => {
    document.title = `${name() ?? t("waits.title")} · ${t("app.name")}`;
  });
  const failure = () =>
    loaded.state !== "errored"
      ? null
      : isApiError(loaded.error, 404)
        ? "not-found"
        : String(loaded.error?.message);
  const methodology = () => trends()?.methodology ?? info()?.hospital?.methodology;
  return (
    <Switch>
      <Match when={failure() === "not-found" && !info()?.hospital}>
        <h1>{t("waits.title")}</h1>
        <p role="alert">{t("trends.notFound")}</p>
      </Match>
      <Match when={name()}>
        {(n) => (
          <>
            <HospitalHeader
              id={info()?.hospital?.id ?? params.id}
              name={n()}
              hospital={info()?.hospital}
              latest={info()?.latest}
              savedCopyAt={info()?.savedCopyAt}
            />
            <PeriodPicker hospitalId={info()?.hospital?.id ?? params.id} current={period()} />
            <Show when={trends()?.methodology_change}>
              {(change) => (
                <MethodologyChangeNote change={change()} timeZone={trends()!.calendar_time_zone} />
              )}
            </Show>
            <Switch>
              <Match when={failure()}>
                {(message) => (
                  <LoadError
                    message={message() === "offline-no-copy" ? t("waits.offlineNoCopy") : t("trends.error")}
                    onRetry={() => void refetch()}
                    homeLink={false}
                  />
                )}
              </Match>
              <Match when={loaded.state === "ready" && loaded()}>
                {(l) => (
                  <TrendView
                    loaded={l()}
                    period={period()}
                    hospital={info()?.hospital}
                    latest={info()?.latest}
                  />
                )}
              </Match>
              <Match when={true}>
                <p>{t("loading")}</p>
              </Match>
            </Switch>
            <Show when={methodology()}>
              {(m) => (
                <MethodologyNote
                  methodology={m()}
                  unit={trends()?.unit ?? info()?.latest?.unit ?? "minutes"}
                  facts={info()?.hospital}
                />
              )}
            </Show>
            <Show when={trends() && trends()!.dataPoints.length > 0 && trends()}>
              {(d) => (
                <TrendTable
                  points={d().dataPoints}
                  metric={d().metric_family}
                  aggregation={d().aggregation}
                  timeZone={d().calendar_time_zone}
                />
              )}
            </Show>
          </>
        )}
      </Match>
      <Match when={failure()}>
        <h1>{t("waits.title")}</h1>
        <LoadError
          message={failure() === "offline-no-copy" ? t("waits.offlineNoCopy") : t("trends.error")}
          onRetry={() => void refetch()}
          homeLink={false}
        />
      </Match>
      <Match when={true}>
        <h1>{t("waits.title")}</h1>
        <p>{t("loading")}</p>
      </Match>
    </Switch>
  );
}
