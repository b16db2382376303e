import { useParams, useSearchParams } from "@solidjs/router";
import { createEffect, createResource, Match, Switch } from "solid-js";
import { loadUPlot } from "../components/waits/loadUPlot";
import { TREND_DATA_MARK } from "../components/waits/TrendChart";
import TrendView from "../components/waits/TrendView";
import { database } from "../data/db";
import { loadHospitalFacts } from "../data/hospitalFacts";
import { loadTrends } from "../data/loadTrends";
import { isPeriod } from "../data/trends";
import { t } from "../i18n/i18n";
import { online } from "../state/online";

export default function HospitalTrends() {
  const params = useParams<{ id: string }>();
  const [search] = useSearchParams();
  // Fetch the chart library alongside the data rather than after it.
  void loadUPlot().catch(() => undefined);
  const period = () => (isPeriod(search.period) ? search.period : "7d");
  const [loaded, { refetch }] = createResource(
    () => ({ id: params.id, period: period() }),
    async ({ id, period }) => {
      const result = await loadTrends(id, period, online());
      performance.mark(TREND_DATA_MARK);
      return result;
    },
  );
  // The province for the way back comes from the saved hospital list, if this device has it.
  const [saved] = createResource(
    () => params.id,
    (id) =>
      database()
        .hospitals.get(id)
        .catch(() => undefined),
  );
  // Source and cadence for the methodology sentence (saved list first, else the API).
  const [facts] = createResource(() => params.id, loadHospitalFacts);
  createEffect(() => {
    const name = loaded()?.trends.hospital_name;
    document.title = `${name ?? t("waits.title")} · ${t("app.name")}`;
  });
  const errorText = () => {
    const message = String(loaded.error?.message);
    if (message === "not-found") return t("trends.notFound");
    return message === "offline-no-copy" ? t("waits.offlineNoCopy") : t("trends.error");
  };
  return (
    <Switch>
      <Match when={loaded.error}>
        <h1>{t("waits.title")}</h1>
        <p role="alert">{errorText()}</p>
        <button type="button" class="primary" onClick={() => void refetch()}>
          {t("waits.retry")}
        </button>
      </Match>
      <Match when={loaded()}>
        {(d) => (
          <TrendView
            trends={d().trends}
            savedAt={d().savedAt}
            period={period()}
            province={saved()?.province}
            facts={facts()}
          />
        )}
      </Match>
      <Match when={loaded.loading}>
        <h1>{t("waits.title")}</h1>
        <p>{t("loading")}</p>
      </Match>
    </Switch>
  );
}
