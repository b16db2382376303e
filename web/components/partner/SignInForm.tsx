import { createSignal, Show } from "solid-js";
import { ApiError, fieldIssues, retryAfterSeconds } from "../../data/api/client";
import type { FieldError } from "../../data/partner/form";
import { signIn } from "../../data/partner/session";
import { t } from "../../i18n/i18n";
import { kiosk } from "../../state/kiosk";
import { LabelledInput } from "./FormField";

type Errors = { email?: FieldError; password?: FieldError };

/** What the server's refusal means for the reader, placed next to the field it concerns. */
function errorsFor(failure: ApiError): Errors {
  if (failure.status === 429) {
    const minutes = Math.max(1, Math.ceil((retryAfterSeconds(failure) ?? 60) / 60));
    return { password: { key: "partner.signIn.throttled", params: { minutes } } };
  }
  if (failure.status === 401) return { password: { key: "partner.signIn.wrong" } };
  const errors: Errors = {};
  const fields = fieldIssues(failure);
  if (fields.email) errors.email = { key: "partner.signIn.badEmail" };
  if (fields.password) errors.password = { key: "partner.error.required" };
  if (!errors.email && !errors.password)
    errors.password = { key: "partner.error.other", params: { message: failure.message } };
  return errors;
}

/** Email and password; every refusal shows under the field it is about, and focus moves there. */
export default function SignInForm(props: { again?: boolean }) {
  const [errors, setErrors] = createSignal<Errors>({});
  const [busy, setBusy] = createSignal(false);
  let form!: HTMLFormElement;
  const focusFirstError = () =>
    queueMicrotask(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const data = new FormData(form);
    const email = String(data.get("email") ?? "").trim();
    const password = String(data.get("password") ?? "");
    const keep = !kiosk() && data.get("keep") === "on";
    const local: Errors = {};
    if (!email) local.email = { key: "partner.error.required" };
    else if (!/^[^@\s]+@[^@\s]+$/.test(email)) local.email = { key: "partner.signIn.badEmail" };
    if (!password) local.password = { key: "partner.error.required" };
    setErrors(local);
    if (local.email || local.password) return focusFirstError();
    setBusy(true);
    try {
      await signIn(email, password, keep);
    } catch (error) {
      setErrors(
        error instanceof ApiError ? errorsFor(error) : { password: { key: "partner.signIn.unreachable" } },
      );
      focusFirstError();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      ref={form}
      class="stack-form pf-signin"
      onSubmit={submit}
      aria-labelledby="pf-signin-heading"
      novalidate
    >
      <h2 id="pf-signin-heading">{t("partner.signIn.heading")}</h2>
      <Show when={props.again}>
        <p class="notice">{t("partner.signIn.again")}</p>
      </Show>
      <LabelledInput
        id="pf-signin-email"
        name="email"
        type="email"
        autocomplete="username"
        label={t("partner.signIn.email")}
        error={errors().email}
      />
      <LabelledInput
        id="pf-signin-password"
        name="password"
        type="password"
        autocomplete="current-password"
        label={t("partner.signIn.password")}
        error={errors().password}
      />
      {/* A shared screen must never keep an account: the choice is not offered there. */}
      <Show when={!kiosk()}>
        <div class="pf-keep">
          <input id="pf-signin-keep" name="keep" type="checkbox" aria-describedby="pf-signin-keep-help" />
          <label for="pf-signin-keep">{t("partner.signIn.keep")}</label>
          <p id="pf-signin-keep-help" class="muted">
            {t("partner.signIn.keepHelp")}
          </p>
        </div>
      </Show>
      <button type="submit" class="primary" disabled={busy()}>
        {t("partner.signIn.submit")}
      </button>
      <p class="muted">{t("partner.signIn.help")}</p>
    </form>
  );
}
