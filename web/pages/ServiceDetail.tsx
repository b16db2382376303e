import { useParams } from "@solidjs/router";
import { createEffect, createResource, Match, Switch } from "solid-js";
import ServiceDetails from "../components/directory/ServiceDetails";
import LoadError from "../components/LoadError";
import { isApiError } from "../data/api/client";
import type { SavedService } from "../data/directory/savedService";
import { currentService, deviceHoldsDirectory, savedService } from "../data/directory/serviceDetail";
import { localized } from "../i18n/contentLang";
import { t } from "../i18n/i18n";
import { online } from "../state/online";

/**
 * /services/:id: one service, drawn from the device's copy when it has one, then from the
 * server's answer when online (an edit or a deletion since the last sync), the later of the two.
 */
export default function ServiceDetail() {
  const params = useParams<{ id: string }>();
  const [saved] = createResource(() => params.id, savedService);
  const [current] = createResource(() => (online() ? params.id : undefined), currentService);
  /**
   * The later of the server's answer and the device's copy (the service worker may answer an
   * unreachable server with an older response than the last sync saved); undefined while neither has.
   */
  const shown = (): SavedService | undefined => {
    const fromServer = current.state === "ready" ? current() : undefined;
    const fromDevice = saved.state === "ready" ? (saved() ?? undefined) : undefined;
    if (!fromServer || !fromDevice) return fromServer ?? fromDevice;
    return fromDevice.updatedAt > fromServer.updatedAt ? fromDevice : fromServer;
  };
  const [holdsCopy] = createResource(deviceHoldsDirectory);
  /**
   * Why there is nothing to show: deleted or unknown on the server, or neither place could answer,
   * said as it is: no network or a server not answering, with no copy or a copy without it.
   */
  const failure = () => {
    if (isApiError(current.error, 404)) return t("service.notFound");
    if (shown() || current.loading || saved.loading || holdsCopy.loading) return undefined;
    if (!current.error && saved() !== null) return undefined;
    const offline = !online();
    if (holdsCopy()) return t(offline ? "service.notInCopy" : "service.notInCopyServer");
    return t(offline ? "search.error" : "search.errorServer");
  };
  createEffect(() => {
    const name = failure() ? undefined : shown() && localized(shown()!.name).text;
    document.title = `${name ?? t("nav.search")} · ${t("app.name")}`;
  });
  return (
    <Switch>
      <Match when={failure()}>
        {(message) => (
          <>
            <h1>{t("nav.search")}</h1>
            <LoadError message={message()} />
          </>
        )}
      </Match>
      <Match when={shown()}>{(s) => <ServiceDetails service={s()} />}</Match>
      <Match when={true}>
        <h1>{t("nav.search")}</h1>
        <p>{t("loading")}</p>
      </Match>
    </Switch>
  );
}
