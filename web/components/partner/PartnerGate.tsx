import { createEffect, createSignal, type JSX, Match, on, onCleanup, onMount, Show, Switch } from "solid-js";
import { onOutboxEvent } from "../../data/device/outbox";
import { clearServices, copyDate, loadServices } from "../../data/partner/services";
import { canWrite, ended, loadSession, reachable, signOut, user } from "../../data/partner/session";
import { watchPartnerWrites } from "../../data/partner/writes";
import { t } from "../../i18n/i18n";
import "../../styles/partner.css";
import { failureText } from "../admin/failureText";
import { formatWhen } from "./formatWhen";
import SignInForm from "./SignInForm";
import WriteStatusList from "./WriteStatusList";

/** Shows its pages only to a signed-in partner whose tab can send changes; otherwise the sign-in. */
export default function PartnerGate(props: { children: JSX.Element }) {
  // Checked on arrival, and again when the connection returns to someone not yet signed in, or
  // to a page opened offline on the device's copy (the server then says whether the session holds).
  // The "online" event can come before the server is reachable again: a change the outbox then
  // sends proves it is, and the page leaves the device's copy for the server's list.
  const recheck = async () => {
    if (!user() || !reachable()) await loadSession();
    const u = ready();
    if (u && copyDate() !== null) await loadServices(u.id);
  };
  let stopWatching: (() => void) | undefined;
  onMount(() => {
    watchPartnerWrites();
    void recheck();
    window.addEventListener("online", recheck);
    stopWatching = onOutboxEvent((event) => {
      if (event.type === "sent" && (!reachable() || copyDate() !== null)) void recheck();
    });
  });
  onCleanup(() => {
    window.removeEventListener("online", recheck);
    stopWatching?.();
  });
  // Signed out only once the server says so (session.ts): otherwise the page says the session is open.
  const [signOutFailure, setSignOutFailure] = createSignal<{ failure: unknown } | null>(null);
  const leave = async () => {
    setSignOutFailure(null);
    try {
      await signOut();
    } catch (failure) {
      setSignOutFailure({ failure });
    }
  };
  const signOutButton = () => (
    <>
      <button type="button" onClick={() => void leave()}>
        {t("partner.signOut")}
      </button>
      <Show when={signOutFailure()}>
        {(f) => (
          <span role="alert" class="pf-signout-failed" data-testid="sign-out-failed">
            {" "}
            {t("partner.signOutFailed", { reason: failureText(f().failure) })}
          </span>
        )}
      </Show>
    </>
  );
  const ready = () => {
    const u = user();
    return u && u.role === "partner" && canWrite() ? u : null;
  };
  // The list is fetched once per sign-in; signing out forgets it.
  createEffect(
    on(
      () => ready()?.id,
      (id) => (id ? void loadServices(id) : clearServices()),
    ),
  );
  return (
    <Switch>
      <Match when={user() === undefined}>
        <p role="status">{t("partner.checking")}</p>
      </Match>
      <Match when={ready()}>
        {(u) => (
          <>
            <p class="pf-who">
              {t("partner.signedInAs", { email: u().email })} {signOutButton()}
            </p>
            <Show when={copyDate()}>
              {(date) => (
                <p class="notice" data-testid="device-copy">
                  {t("partner.deviceCopy", { date: formatWhen(date()) })}
                </p>
              )}
            </Show>
            <Show when={!reachable() && !copyDate()}>
              <p class="notice" data-testid="device-copy">
                {t("partner.deviceCopyNone")}
              </p>
            </Show>
            {props.children}
          </>
        )}
      </Match>
      <Match when={!reachable()}>
        <p class="notice">{t("partner.offlineSignIn")}</p>
        <WriteStatusList />
      </Match>
      <Match when={user()?.role === "admin" && canWrite()}>
        <p class="notice">{t("partner.adminAccount")}</p>
        <p>{signOutButton()}</p>
      </Match>
      <Match when={true}>
        <Show when={ended()}>
          <p class="notice" role="alert" data-testid="session-ended">
            {t("partner.sessionEnded")}
          </p>
        </Show>
        <SignInForm again={Boolean(user())} />
        <WriteStatusList />
      </Match>
    </Switch>
  );
}
