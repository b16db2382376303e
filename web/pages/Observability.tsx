import { createResource, Match, Show, Switch } from "solid-js";
import Dashboard from "../components/admin/Dashboard";
import SignInForm from "../components/admin/SignInForm";
import LoadError from "../components/LoadError";
import { usePageTitle } from "../components/usePageTitle";
import { currentUser, signOut } from "../data/admin/session";
import { t } from "../i18n/i18n";

/** /admin/observability: the directory service's operator dashboard (admin sign-in required). */
export default function Observability() {
  usePageTitle("obs.title");
  const [user, { mutate }] = createResource(currentUser);
  const leave = async () => {
    await signOut().catch(() => undefined);
    mutate(null);
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
