import { useNavigate, useSearchParams } from "@solidjs/router";
import { createResource, Match, Show, Switch } from "solid-js";
import { usePageTitle } from "../components/usePageTitle";
import Call911Line from "../components/waittimes/Call911Line";
import ComparisonResult from "../components/waittimes/ComparisonResult";
import HospitalSelect from "../components/waittimes/HospitalSelect";
import { isCompareProblem, loadComparison } from "../data/waittimes/compare";
import { loadRegistry } from "../data/waittimes/hospitals";
import { defaultPeriodFor } from "../data/waittimes/publishingRhythm";
import { lang, locale, t } from "../i18n/i18n";
import { online } from "../state/online";
import "../styles/waittimes.css";
import { formatDate } from "../i18n/intlFormats";

/**
 * /waits/compare?a=&b=: can these two hospitals' wait figures be compared? Works offline from the
 * registry saved by the background sync, even if this page was never opened online.
 */
export default function Compare() {
  usePageTitle("compare.title");
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const a = () => (typeof params.a === "string" ? params.a : "");
  const b = () => (typeof params.b === "string" ? params.b : "");
  const [registry] = createResource(() => loadRegistry(online()));
  const [result] = createResource(
    () => (a() && b() ? { a: a(), b: b(), lang: lang() } : false),
    (q) => loadComparison(q.a, q.b, q.lang, online()),
  );
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    navigate(`/waits/compare?${new URLSearchParams({ a: String(form.get("a")), b: String(form.get("b")) })}`);
  };
  // A resource in error must not be read (it would throw): each state is checked first.
  const problem = () => {
    const message = result.state === "errored" ? String(result.error?.message) : "";
    return isCompareProblem(message) ? t(`waits.compare.problem.${message}`) : t("waits.compare.error");
  };
  const cadenceOf = (id: string) => {
    const list = registry.state === "ready" ? registry().hospitals : [];
    return list.find((h) => h.id === id || h.aliases.includes(id))?.cadence_seconds;
  };
  // The chart shows a period both hospitals' rhythms fill (a year when one publishes monthly).
  const chartPeriod = () => {
    const cadence = Math.max(...[a(), b()].map((id) => cadenceOf(id) ?? 0));
    return defaultPeriodFor(cadence || undefined);
  };
  const savedDate = (at: string) => formatDate(locale(), at, { dateStyle: "long", timeStyle: "short" });
  return (
    <>
      <h1>{t("compare.title")}</h1>
      <Call911Line />
      <p class="lead">{t("compare.intro")}</p>
      <Switch>
        <Match when={registry.state === "errored"}>
          <p role="alert">
            {String(registry.error?.message) === "offline-no-copy"
              ? t("waits.compare.problem.no-copy")
              : t("waits.error")}
          </p>
        </Match>
        <Match when={registry.state === "ready" && registry()}>
          {(list) => (
            <form class="compare-form" action="/waits/compare" method="get" onSubmit={submit}>
              <HospitalSelect
                id="compare-a"
                name="a"
                label={t("compare.first")}
                hospitals={list().hospitals}
                value={a()}
              />
              <HospitalSelect
                id="compare-b"
                name="b"
                label={t("compare.second")}
                hospitals={list().hospitals}
                value={b()}
              />
              <button type="submit" class="primary">
                {t("compare.submit")}
              </button>
            </form>
          )}
        </Match>
        <Match when={true}>
          <p>{t("loading")}</p>
        </Match>
      </Switch>
      <Switch>
        <Match when={result.state === "errored"}>
          <p role="alert">{problem()}</p>
        </Match>
        <Match when={result.state === "ready" && result()}>
          {(r) => (
            <>
              <Show when={r().fromDevice && r().savedAt}>
                {(at) => (
                  <p class="notice" data-testid="compare-from-device">
                    {t("waits.compare.fromDevice", { date: savedDate(at()) })}
                  </p>
                )}
              </Show>
              <ComparisonResult result={r().comparison} period={chartPeriod()} cadenceOf={cadenceOf} />
            </>
          )}
        </Match>
      </Switch>
    </>
  );
}
