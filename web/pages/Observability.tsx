import { createResource, createSignal, Match, Show, Switch } from "solid-js";
import Dashboard from "../components/admin/Dashboard";
import { failureText } from "../components/admin/failureText";
import SignInForm from "../components/admin/SignInForm";
import LoadError from "../components/LoadError";
import { usePageTitle } from "../components/usePageTitle";
import { currentUser, signOut } from "../data/admin/session";
import { t } from "../i18n/i18n";

/** /admin/observability: the directory service's operator dashboard (admin sign-in required). */
export default function Observability() {
  usePageTitle("obs.title");
  const [user, { mutate }] = createResource(currentUser);
  // Signed out only once the server says so: offline, the session would stay alive behind a
  // sign-in form.
  const [signOutFailure, setSignOutFailure] = createSignal<{ failure: unknown } | null>(null);
  const leave = async () => {
    setSignOutFailure(null);
    try {
      await signOut();
      mutate(null);
    } catch (failure) {
      setSignOutFailure({ failure });
    }
  };
  return (
    <>
      <h1>{t("obs.title")}</h1>
      <p class="lead">{t("obs.intro")}</p>
      <Switch>
        <Match when={user.error}>
          <LoadError message={t("obs.error")} />
        </Match>
        <Match when={user() === null}>
          <SignInForm onSignedIn={(u) => mutate(u)} />
        </Match>
        <Match when={user()}>
          {(u) => (
            <>
              <p>
                {t("obs.signedInAs", { email: u().email })}{" "}
                <button type="button" onClick={() => void leave()}>
                  {t("obs.signOut")}
                </button>
              </p>
              <Show when={signOutFailure()}>
                {(f) => (
                  <p role="alert" data-testid="sign-out-failed">
                    {t("obs.signOutFailed", { reason: failureText(f().failure) })}
                  </p>
                )}
              </Show>
              <Show when={u().role === "admin"} fallback={<p role="alert">{t("obs.forbidden")}</p>}>
                <Dashboard />
              </Show>
            </>
          )}
        </Match>
        <Match when={user.loading}>
          <p>{t("loading")}</p>
        </Match>
      </Switch>
    </>
  );
}
