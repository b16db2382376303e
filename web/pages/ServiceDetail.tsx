import { useParams } from "@solidjs/router";
import { createEffect, createResource, Match, Switch } from "solid-js";
import ServiceDetails from "../components/directory/ServiceDetails";
import LoadError from "../components/LoadError";
import { isApiError } from "../data/api/client";
import { loadService } from "../data/directory/serviceDetail";
import { localized } from "../i18n/contentLang";
import { t } from "../i18n/i18n";

/** /services/:id: one service, from the device's copy when it has one. */
export default function ServiceDetail() {
  const params = useParams<{ id: string }>();
  const [service] = createResource(() => params.id, loadService);
  createEffect(() => {
    // Reading a resource that failed throws: the page shows the failure, the title stays generic.
    const s = service.error ? undefined : service();
    const name = s ? localized(s.name).text : undefined;
    document.title = `${name ?? t("nav.search")} · ${t("app.name")}`;
  });
  return (
    <Switch>
      <Match when={service.error}>
        <h1>{t("nav.search")}</h1>
        <LoadError message={isApiError(service.error, 404) ? t("service.notFound") : t("search.error")} />
      </Match>
      <Match when={service()}>{(s) => <ServiceDetails service={s()} />}</Match>
      <Match when={service.loading}>
        <h1>{t("nav.search")}</h1>
        <p>{t("loading")}</p>
      </Match>
    </Switch>
  );
}
