import { createSignal, Show } from "solid-js";
import { type AdminUser, signIn } from "../../data/admin/session";
import { t } from "../../i18n/i18n";
import { signInFailureText } from "./failureText";

export default function SignInForm(props: { onSignedIn: (user: AdminUser) => void }) {
  // The failure itself, worded when shown: the words follow a change of language.
  const [error, setError] = createSignal<{ failure: unknown } | null>(null);
  const [busy, setBusy] = createSignal(false);
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    setBusy(true);
    setError(null);
    try {
      props.onSignedIn(await signIn(String(form.get("email")), String(form.get("password"))));
    } catch (e) {
      setError({ failure: e });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="stack-form" onSubmit={submit} aria-labelledby="signin-heading">
      <h2 id="signin-heading">{t("obs.signInHeading")}</h2>
      <label for="admin-email">{t("obs.email")}</label>
      <input id="admin-email" name="email" type="email" autocomplete="username" required />
      <label for="admin-password">{t("obs.password")}</label>
      <input id="admin-password" name="password" type="password" autocomplete="current-password" required />
      <Show when={error()}>
        {(e) => <p role="alert">{t("obs.signInFailed", { reason: signInFailureText(e().failure) })}</p>}
      </Show>
      <button type="submit" class="primary" disabled={busy()}>
        {t("obs.signIn")}
      </button>
    </form>
  );
}
