import { useNavigate, useSearchParams } from "@solidjs/router";
import { createResource, Match, Show, Switch } from "solid-js";
import { usePageTitle } from "../components/usePageTitle";
import ComparisonResult from "../components/waits/ComparisonResult";
import HospitalSelect from "../components/waits/HospitalSelect";
import { fetchAllHospitals, fetchComparison } from "../data/compare";
import { lang, t } from "../i18n/i18n";

/** /waits/compare?a=&b=: can these two hospitals' wait figures be compared? */
export default function Compare() {
  usePageTitle("compare.title");
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const a = () => (typeof params.a === "string" ? params.a : "");
  const b = () => (typeof params.b === "string" ? params.b : "");
  const [hospitals] = createResource(fetchAllHospitals);
  const [result] = createResource(
    () => (a() && b() ? { a: a(), b: b(), lang: lang() } : false),
    (q) => fetchComparison(q.a, q.b, q.lang),
  );
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    navigate(`/waits/compare?${new URLSearchParams({ a: String(form.get("a")), b: String(form.get("b")) })}`);
  };
  return (
    <>
      <h1>{t("compare.title")}</h1>
      <p class="lead">{t("compare.intro")}</p>
      <Show when={hospitals()} fallback={<p>{hospitals.error ? t("waits.error") : t("loading")}</p>}>
        {(list) => (
          <form class="compare-form" action="/waits/compare" method="get" onSubmit={submit}>
            <HospitalSelect
              id="compare-a"
              name="a"
              label={t("compare.first")}
              hospitals={list()}
              value={a()}
            />
            <HospitalSelect
              id="compare-b"
              name="b"
              label={t("compare.second")}
              hospitals={list()}
              value={b()}
            />
            <button type="submit" class="primary">
              {t("compare.submit")}
            </button>
          </form>
        )}
      </Show>
      <Switch>
        <Match when={result.error}>
          <p role="alert">{String(result.error?.message)}</p>
        </Match>
        <Match when={result()}>{(r) => <ComparisonResult result={r()} />}</Match>
      </Switch>
    </>
  );
}
