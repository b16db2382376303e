import { createSignal, type JSX, Show } from "solid-js";
import { t } from "../../i18n/i18n";
import { kioskLocked } from "../../state/kiosk";
import { checkStaffPin } from "../../state/kioskLock";
import KioskField from "./KioskField";
import { createPinEntry } from "./pinEntry";

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
  const entry = createPinEntry({
    check: checkStaffPin,
    onOpened: props.onOpened,
    wrongKey: "kiosk.staff.wrong",
  });

  return (
    <section id="staff" aria-labelledby="staff-heading">
      <h2 id="staff-heading">{t("kiosk.staff.heading")}</h2>
      <form class="staff-form" novalidate onSubmit={(e) => void entry.onSubmit(e)}>
        <p>{t("kiosk.staff.intro")}</p>
        <KioskField
          id="staff-pin"
          ref={(el) => {
            entry.setField(el);
          }}
          label={t("kiosk.staff.pin")}
          type="password"
          value={entry.pin()}
          error={entry.error()}
          onInput={entry.setPin}
        />
        <button type="submit" class="primary" disabled={entry.busy()}>
          {t("kiosk.staff.submit")}
        </button>
        <p role="status">{entry.busy() ? t("kiosk.unlock.checking") : ""}</p>
      </form>
    </section>
  );
}
