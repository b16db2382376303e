import { createEffect, type JSX, Match, on, onCleanup, onMount, Switch } from "solid-js";
import { clearServices, loadServices } from "../../data/partner/services";
import { canWrite, loadSession, reachable, signOut, user } from "../../data/partner/session";
import { watchPartnerWrites } from "../../data/partner/writes";
import { t } from "../../i18n/i18n";
import "../../styles/partner.css";
import SignInForm from "./SignInForm";
import WriteStatusList from "./WriteStatusList";

/** Shows its pages only to a signed-in partner whose tab can send changes; otherwise the sign-in. */
export default function PartnerGate(props: { children: JSX.Element }) {
  // Checked on arrival, and again when the connection returns to someone not yet signed in.
  const recheck = () => {
    if (!user()) void loadSession();
  };
  onMount(() => {
    watchPartnerWrites();
    recheck();
    window.addEventListener("online", recheck);
  });
  onCleanup(() => window.removeEventListener("online", recheck));
  const ready = () => {
    const u = user();
    return u && u.role === "partner" && canWrite() ? u : null;
  };
  // The list is fetched once per sign-in; signing out forgets it.
  createEffect(
    on(
      () => ready()?.id,
      (id) => (id ? void loadServices() : clearServices()),
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
              {t("partner.signedInAs", { email: u().email })}{" "}
              <button type="button" onClick={() => void signOut()}>
                {t("partner.signOut")}
              </button>
            </p>
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
        <button type="button" onClick={() => void signOut()}>
          {t("partner.signOut")}
        </button>
      </Match>
      <Match when={true}>
        <SignInForm again={Boolean(user())} />
        <WriteStatusList />
      </Match>
    </Switch>
  );
}
