import { createEffect } from "solid-js";
import { t } from "../i18n/i18n";

/**
 * The "Still there?" countdown before a kiosk starts over: a modal dialog that takes focus (so a
 * screen reader announces its title and message), shows the seconds left, and is dismissed by any
 * touch or key (KioskIdleReset listens for those) or its button. Closing returns focus to where it was.
 */
export default function KioskWarning(props: { secondsLeft: number | null; onStay: () => void }) {
  let dialog!: HTMLDialogElement;
  createEffect(() => {
    const open = props.secondsLeft !== null;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  });
  return (
    <dialog
      ref={dialog}
      class="kiosk-warning"
      role="alertdialog"
      aria-labelledby="kiosk-warning-title"
      aria-describedby="kiosk-warning-body kiosk-warning-hint"
      onCancel={(event) => {
        event.preventDefault(); // Escape counts as "still here", like any other key
        props.onStay();
      }}
    >
      <h2 id="kiosk-warning-title">{t("kiosk.warning.title")}</h2>
      <p class="kiosk-countdown" aria-hidden="true" data-testid="kiosk-countdown">
        {props.secondsLeft ?? ""}
      </p>
      <p id="kiosk-warning-body">{t("kiosk.warning.body", { seconds: props.secondsLeft ?? 0 })}</p>
      <p id="kiosk-warning-hint">{t("kiosk.warning.hint")}</p>
      <button type="button" class="primary" autofocus onClick={() => props.onStay()}>
        {t("kiosk.warning.stay")}
      </button>
    </dialog>
  );
}
