import { createSignal, For, Show } from "solid-js";
import { type OpenInvitation, withdrawInvitation } from "../../data/admin/invitations";
import { locale, t } from "../../i18n/i18n";
import { formatDate } from "../../i18n/intlFormats";
import { failureText } from "./failureText";

/**
 * The invitations still open, under the invitation form: who, for which account, until when, and
 * a button that withdraws one (a link sent to the wrong address, or to someone who left). At most
 * one per address: a new invitation ends the earlier one.
 */
export default function OpenInvitations(props: { invitations: OpenInvitation[]; onChange: () => void }) {
  const [error, setError] = createSignal<{ failure: unknown; email: string } | null>(null);
  const [withdrawn, setWithdrawn] = createSignal<string | null>(null);
  const [busy, setBusy] = createSignal<string | null>(null);
  const until = (iso: string) => formatDate(locale(), iso, { dateStyle: "long", timeStyle: "short" });
  const withdraw = async (email: string) => {
    setBusy(email);
    setError(null);
    setWithdrawn(null);
    try {
      await withdrawInvitation(email);
      setWithdrawn(email);
      props.onChange();
    } catch (failure) {
      setError({ failure, email });
    } finally {
      setBusy(null);
    }
  };
  return (
    <section aria-labelledby="open-invitations-heading" class="open-invitations">
      <h3 id="open-invitations-heading">{t("admin.invite.openHeading")}</h3>
      <Show when={props.invitations.length > 0} fallback={<p class="muted">{t("admin.invite.noneOpen")}</p>}>
        <ul class="list">
          <For each={props.invitations}>
            {(i) => (
              <li>
                <p>
                  <strong class="break">{i.email}</strong>
                  <br />
                  {i.role === "admin"
                    ? t("admin.invite.openAdmin")
                    : t("admin.invite.openPartner", { organization: i.organizationName ?? "" })}
                  <br />
                  <span class="muted">{t("admin.invite.openUntil", { until: until(i.expiresAt) })}</span>
                </p>
                <button
                  type="button"
                  disabled={busy() === i.email}
                  aria-label={t("admin.invite.withdrawLabel", { email: i.email })}
                  onClick={() => void withdraw(i.email)}
                >
                  {t("admin.invite.withdraw")}
                </button>
              </li>
            )}
          </For>
        </ul>
      </Show>
      <Show when={withdrawn()}>
        {(email) => <p role="status">{t("admin.invite.withdrawn", { email: email() })}</p>}
      </Show>
      <Show when={error()}>
        {(e) => (
          <p role="alert">
            {t("admin.invite.withdrawFailed", { email: e().email, reason: failureText(e().failure) })}
          </p>
        )}
      </Show>
    </section>
  );
}
