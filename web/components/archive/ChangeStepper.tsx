import { createSignal, Show } from "solid-js";
import { t } from "../../i18n/i18n";

/** "Previous change" / "Next change" buttons that move focus to the rows DiffTable marks. */
export default function ChangeStepper(props: { count: number }) {
  const [at, setAt] = createSignal(-1);
  const go = (step: number) => {
    const next = (at() + step + props.count) % props.count;
    setAt(next);
    const row = document.getElementById(`change-${next}`);
    row?.focus();
    row?.scrollIntoView({ block: "center" });
  };
  return (
    <Show when={props.count > 0}>
      <div class="archive-stepper">
        <button type="button" onClick={() => go(at() < 0 ? 0 : -1)}>
          {t("archive.diff.previousChange")}
        </button>
        <button type="button" onClick={() => go(1)}>
          {t("archive.diff.nextChange")}
        </button>
        <span role="status" aria-live="polite">
          {at() >= 0 ? t("archive.diff.position", { at: at() + 1, count: props.count }) : ""}
        </span>
      </div>
    </Show>
  );
}
