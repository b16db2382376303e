import { useParams, useSearchParams } from "@solidjs/router";
import { createEffect, createResource, Match, Switch } from "solid-js";
import TrendView from "../components/waits/TrendView";
import { database } from "../data/db";
import { fetchTrends, isPeriod } from "../data/trends";
import { t } from "../i18n/i18n";

export default function HospitalTrends() {
  const params = useParams<{ id: string }>();
  const [search] = useSearchParams();
  const period = () => (isPeriod(search.period) ? search.period : "7d");
  const [trends, { refetch }] = createResource(
    () => ({ id: params.id, period: period() }),
    ({ id, period }) => fetchTrends(id, period),
  );
  // The province for the way back comes from the saved hospital list, if this device has it.
  const [saved] = createResource(
    () => params.id,
    (id) =>
      database()
        .hospitals.get(id)
        .catch(() => undefined),
  );
  createEffect(() => {
    const name = trends()?.hospital_name;
    document.title = `${name ?? t("waits.title")} · ${t("app.name")}`;
  });
  return (
    <Switch>
      <Match when={trends.error}>
        <h1>{t("waits.title")}</h1>
        <p role="alert">
          {String(trends.error?.message) === "not-found" ? t("trends.notFound") : t("trends.error")}
        </p>
        <button type="button" class="primary" onClick={() => void refetch()}>
          {t("waits.retry")}
        </button>
      </Match>
      <Match when={trends()}>
        {(d) => <TrendView trends={d()} period={period()} province={saved()?.province} />}
      </Match>
      <Match when={trends.loading}>
        <h1>{t("waits.title")}</h1>
        <p>{t("loading")}</p>
      </Match>
    </Switch>
  );
}
