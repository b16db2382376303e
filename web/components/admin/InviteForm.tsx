import { createResource, createSignal, For, Show } from "solid-js";
import {
  fetchOpenInvitations,
  fetchOrganizations,
  type SentInvitation,
  sendInvitation,
} from "../../data/admin/invitations";
import { locale, t } from "../../i18n/i18n";
import { formatDate } from "../../i18n/intlFormats";
import { invitationFailureText } from "./failureText";
import OpenInvitations from "./OpenInvitations";

/**
 * "Invite a partner" on the operator page: an e-mail address, the role and, for a partner, the
 * organization. The answer says where the one-time link went, or shows it to copy. The invitations
 * still open are listed below it.
 */
export default function InviteForm() {
  const [organizations] = createResource(fetchOrganizations);
  const [open, { refetch: refetchOpen }] = createResource(fetchOpenInvitations);
  const [role, setRole] = createSignal<"partner" | "admin">("partner");
  const [sent, setSent] = createSignal<SentInvitation | null>(null);
  // The failure itself, worded when shown: the words follow a change of language.
  const [error, setError] = createSignal<{ failure: unknown } | null>(null);
  const [busy, setBusy] = createSignal(false);
  const [copied, setCopied] = createSignal(false);
  const until = (iso: string) => formatDate(locale(), iso, { dateStyle: "long", timeStyle: "short" });

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    setBusy(true);
    setError(null);
    setSent(null);
    setCopied(false);
    try {
      setSent(
        await sendInvitation({
          email: String(form.get("email") ?? "").trim(),
          role: role(),
          ...(role() === "partner" ? { organizationId: String(form.get("organization") ?? "") } : {}),
        }),
      );
      void refetchOpen();
    } catch (e) {
      setError({ failure: e });
    } finally {
      setBusy(false);
    }
  };
  const copy = async (link: string) => {
    await navigator.clipboard?.writeText(link).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };

  return (
    <section aria-labelledby="invite-heading" class="invite">
      <h2 id="invite-heading">{t("admin.invite.heading")}</h2>
      <p class="muted">{t("admin.invite.intro")}</p>
      <form class="stack-form" onSubmit={submit}>
        <label for="invite-email">{t("admin.invite.email")}</label>
        <input id="invite-email" name="email" type="email" autocomplete="off" required />
        <fieldset>
          <legend>{t("admin.invite.role")}</legend>
          <label>
            <input
              type="radio"
              name="role"
              value="partner"
              checked={role() === "partner"}
              onChange={() => setRole("partner")}
            />{" "}
            {t("admin.invite.rolePartner")}
          </label>
          <label>
            <input
              type="radio"
              name="role"
              value="admin"
              checked={role() === "admin"}
              onChange={() => setRole("admin")}
            />{" "}
            {t("admin.invite.roleAdmin")}
          </label>
        </fieldset>
        <Show when={role() === "partner"}>
          <label for="invite-org">{t("admin.invite.organization")}</label>
          <select id="invite-org" name="organization" required>
            <option value="">{t("admin.invite.chooseOrganization")}</option>
            <For each={organizations.state === "ready" ? organizations() : []}>
              {(o) => <option value={o.id}>{o.name}</option>}
            </For>
          </select>
        </Show>
        <Show when={error()}>
          {(e) => (
            <p role="alert">{t("admin.invite.failed", { reason: invitationFailureText(e().failure) })}</p>
          )}
        </Show>
        <button type="submit" class="primary" disabled={busy()}>
          {t("admin.invite.submit")}
        </button>
      </form>
      <Show when={sent()}>
        {(s) => (
          <div role="status" class="invite-sent" data-testid="invite-sent">
            <Show
              when={s().delivery === "link" && s().link}
              fallback={<p>{t("admin.invite.mailed", { email: s().email, until: until(s().expiresAt) })}</p>}
            >
              {(link) => (
                <>
                  <p>{s().mailError ? t("admin.invite.mailFailed") : t("admin.invite.noMail")}</p>
                  <label for="invite-link">{t("admin.invite.link", { email: s().email })}</label>
                  <input
                    id="invite-link"
                    type="text"
                    readOnly
                    value={link()}
                    onFocus={(e) => e.currentTarget.select()}
                  />
                  <button type="button" onClick={() => void copy(link())}>
                    {copied() ? t("admin.invite.copied") : t("admin.invite.copy")}
                  </button>
                  <p class="muted">{t("admin.invite.once", { until: until(s().expiresAt) })}</p>
                </>
              )}
            </Show>
          </div>
        )}
      </Show>
      {/* Read through state: a failed refresh keeps the list it had rather than throwing. */}
      <Show when={open.state === "ready" || open.state === "refreshing"}>
        <OpenInvitations invitations={open.latest ?? []} onChange={() => void refetchOpen()} />
      </Show>
    </section>
  );
}
