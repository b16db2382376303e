import { createSignal, type JSX, Show } from "solid-js";
import { t } from "../../i18n/i18n";
import { kioskLocked } from "../../state/kiosk";
import { checkStaffPin } from "../../state/kioskLock";
import KioskField from "./KioskField";

/**
 * Settings that a visitor to a kiosk must not reach (removing the offline directory, updating it,
 * storage): on a locked kiosk they stay hidden until the staff PIN is given, with the same growing
 * wait after wrong tries as turning kiosk mode off. Opened, they stay open only for this page: a
 * reset or a new page asks again. Off a kiosk they simply show.
 */
export default function StaffOnly(props: { children: JSX.Element }) {
  const [open, setOpen] = createSignal(false);
  return (
    <Show when={!kioskLocked() || open()} fallback={<StaffPinForm onOpened={() => setOpen(true)} />}>
      {props.children}
    </Show>
  );
}

function StaffPinForm(props: { onOpened: () => void }) {
  const [pin, setPin] = createSignal("");
  const [error, setError] = createSignal<string | undefined>();
  const [busy, setBusy] = createSignal(false);
  let field: HTMLInputElement | undefined;

  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (busy()) return;
    if (pin() === "") {
      setError(t("kiosk.unlock.missing"));
      return field?.focus();
    }
    setBusy(true);
    const outcome = await checkStaffPin(pin());
    setBusy(false);
    setPin(""); // a PIN never lingers in the field
    if (outcome.ok) return props.onOpened();
    if (outcome.reason === "wait") setError(t("kiosk.unlock.wait", { seconds: outcome.waitSeconds }));
    else if (outcome.waitSeconds > 0) setError(t("kiosk.unlock.wrongWait", { seconds: outcome.waitSeconds }));
    else setError(t("kiosk.staff.wrong"));
    field?.focus();
  };

  return (
    <section id="staff" aria-labelledby="staff-heading">
      <h2 id="staff-heading">{t("kiosk.staff.heading")}</h2>
      <form class="staff-form" novalidate onSubmit={(e) => void onSubmit(e)}>
        <p>{t("kiosk.staff.intro")}</p>
        <KioskField
          id="staff-pin"
          ref={(el) => {
            field = el;
          }}
          label={t("kiosk.staff.pin")}
          type="password"
          value={pin()}
          error={error()}
          onInput={setPin}
        />
        <button type="submit" class="primary" disabled={busy()}>
          {t("kiosk.staff.submit")}
        </button>
        <p role="status">{busy() ? t("kiosk.unlock.checking") : ""}</p>
      </form>
    </section>
  );
}
