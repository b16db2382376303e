import { useSearchParams } from "@solidjs/router";
import { For, Match, Switch } from "solid-js";
import type { Province } from "../../shared/waittimes/schemas";
import { usePageTitle } from "../components/usePageTitle";
import HospitalCard from "../components/waits/HospitalCard";
import ProvincePicker from "../components/waits/ProvincePicker";
import { isProvince } from "../data/parseHospitals";
import { useHospitals } from "../data/useHospitals";
import { lang, t } from "../i18n/i18n";
import "../styles/waits.css";

export default function WaitTimes() {
  usePageTitle("waits.title");
  const [params] = useSearchParams();
  const province = (): Province => (isProvince(params.province) ? params.province : "ON");
  const state = useHospitals(province);
  const savedDate = () => {
    const at = state.list()?.savedAt;
    return at ? new Date(at).toLocaleString(lang(), { dateStyle: "long", timeStyle: "short" }) : "";
  };

  return (
    <>
      <h1>{t("waits.title")}</h1>
      <p class="lead">{t("waits.intro")}</p>
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
      <ProvincePicker current={province()} />
      <h2 id="hospital-list-heading">{t(`province.${province()}`)}</h2>
      <div aria-live="polite">
        <Switch>
          <Match when={state.list()}>
            {(list) => (
              <>
                <p class="muted" data-testid="hospital-count">
                  {t("waits.count", { count: list().hospitals.length })}
                  {list().fromDevice && list().savedAt
                    ? ` · ${t("waits.offlineCopy", { date: savedDate() })}`
                    : ""}
                </p>
                <Switch>
                  <Match when={list().hospitals.length === 0}>
                    <p>{t("waits.none")}</p>
                  </Match>
                  <Match when={list().hospitals.length > 0}>
                    <ul class="cards list" aria-labelledby="hospital-list-heading">
                      <For each={list().hospitals}>
                        {(h) => <HospitalCard hospital={h} latest={list().latest.get(h.id)} />}
                      </For>
                    </ul>
                  </Match>
                </Switch>
              </>
            )}
          </Match>
          <Match when={state.failed()}>
            <p role="alert">{t("waits.error")}</p>
            <button type="button" class="primary" onClick={state.retry}>
              {t("waits.retry")}
            </button>
          </Match>
          <Match when={state.loading()}>
            <p>{t("loading")}</p>
          </Match>
        </Switch>
      </div>
    </>
  );
}
