import { A, useNavigate } from "@solidjs/router";
import { createResource, createSignal, Match, Show, Switch } from "solid-js";
import { failureText } from "../components/admin/failureText";
import { LabelledInput } from "../components/partner/FormField";
import { usePageTitle } from "../components/usePageTitle";
import { ApiError } from "../data/api/client";
import type { FieldError } from "../data/partner/form";
import { acceptInvitation, lookUpInvitation } from "../data/partner/invitation";
import { signIn } from "../data/partner/session";
import { t } from "../i18n/i18n";
import "../styles/partner.css";

const MIN_PASSWORD = 12;

/** The token of /partner/welcome#TOKEN, taken off the address at once so it is not left in history. */
function takeToken(): string {
  const token = location.hash.slice(1);
  if (token) history.replaceState(history.state, "", location.pathname);
  return token;
}

/** /partner/welcome: an invited person chooses a password, and is signed in. */
export default function PartnerWelcome() {
  usePageTitle("partner.welcome.title");
  const navigate = useNavigate();
  const token = takeToken();
  const [invitation] = createResource(() => token || null, lookUpInvitation);
  const [errors, setErrors] = createSignal<{ password?: FieldError; confirm?: FieldError }>({});
  // Worded as it is shown, in the page's language then (failureText names throttling and outages).
  const [failure, setFailure] = createSignal<{ words: () => string } | null>(null);
  const [busy, setBusy] = createSignal(false);
  // Saved, but the sign-in after it failed: the form has done its part, the sign-in page is next.
  const [saved, setSaved] = createSignal(false);
  let form!: HTMLFormElement;

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const data = new FormData(form);
    const password = String(data.get("password") ?? "");
    const confirm = String(data.get("confirm") ?? "");
    const local: { password?: FieldError; confirm?: FieldError } = {};
    if (password.length < MIN_PASSWORD)
      local.password = { key: "partner.welcome.tooShort", params: { min: MIN_PASSWORD } };
    else if (confirm !== password) local.confirm = { key: "partner.welcome.mismatch" };
    setErrors(local);
    setFailure(null);
    if (local.password || local.confirm)
      return queueMicrotask(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    setBusy(true);
    let email: string;
    try {
      email = (await acceptInvitation(token, password)).email;
    } catch (error) {
      setFailure({
        words: () =>
          error instanceof ApiError && (error.status === 410 || error.status === 404)
            ? t("partner.welcome.gone")
            : error instanceof ApiError
              ? t("partner.welcome.failed", { reason: failureText(error) })
              : t("partner.signIn.unreachable"),
      });
      return setBusy(false);
    }
    // The password is saved and the link used up: a failed sign-in must not read as a failed save.
    try {
      const user = await signIn(email, password);
      navigate(user.role === "admin" ? "/admin/observability" : "/partner", { replace: true });
    } catch (error) {
      setSaved(true);
      setFailure({ words: () => t("partner.welcome.savedNotSignedIn", { reason: failureText(error) }) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <h1>{t("partner.welcome.title")}</h1>
      <Switch>
        <Match when={!token || invitation.error}>
          <p class="notice" role="alert">
            {invitation.error instanceof ApiError || !token
              ? t("partner.welcome.gone")
              : t("partner.signIn.unreachable")}
          </p>
          <p>
            <a href="/partner">{t("partner.welcome.toSignIn")}</a>
          </p>
        </Match>
        <Match when={invitation()}>
          {(i) => (
            <form ref={form} class="stack-form pf-signin" onSubmit={submit} novalidate>
              <p>
                {i().role === "admin"
                  ? t("partner.welcome.forAdmin", { email: i().email })
                  : t("partner.welcome.forPartner", {
                      email: i().email,
                      organization: i().organizationName ?? "",
                    })}
              </p>
              <input type="email" name="username" autocomplete="username" value={i().email} hidden readOnly />
              <LabelledInput
                id="pw-new"
                name="password"
                type="password"
                autocomplete="new-password"
                label={t("partner.welcome.password", { min: MIN_PASSWORD })}
                error={errors().password}
              />
              <LabelledInput
                id="pw-confirm"
                name="confirm"
                type="password"
                autocomplete="new-password"
                label={t("partner.welcome.confirm")}
                error={errors().confirm}
              />
              <Show when={failure()}>{(f) => <p role="alert">{f().words()}</p>}</Show>
              <Show
                when={!saved()}
                fallback={
                  <A class="button primary" href="/partner">
                    {t("partner.welcome.goSignIn")}
                  </A>
                }
              >
                <button type="submit" class="primary" disabled={busy()}>
                  {t("partner.welcome.submit")}
                </button>
              </Show>
            </form>
          )}
        </Match>
        <Match when={invitation.loading}>
          <p role="status">{t("loading")}</p>
        </Match>
      </Switch>
    </>
  );
}
