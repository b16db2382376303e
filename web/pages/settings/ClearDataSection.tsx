import { createSignal, Show } from "solid-js";
import { t } from "../../i18n/i18n";

/** Removes the directory copy, saved hospitals and cached answers, after a second confirming press. */
export default function ClearDataSection(props: { onCleared: () => void }) {
  const [asking, setAsking] = createSignal(false);
  const [done, setDone] = createSignal(false);
  const clear = async () => {
    await (await import("../../data/device/savedData")).clearDeviceData();
    setAsking(false);
    setDone(true);
    props.onCleared();
  };
  return (
    <section aria-labelledby="clear-heading">
      <h2 id="clear-heading">{t("settings.clear.heading")}</h2>
      <p>{t("settings.clear.body")}</p>
      <Show
        when={asking()}
        fallback={
          <button
            type="button"
            onClick={() => {
              setDone(false);
              setAsking(true);
            }}
          >
            {t("settings.clear.button")}
          </button>
        }
      >
        <p role="alert">{t("settings.clear.confirm")}</p>
        <button type="button" class="primary" onClick={() => void clear()}>
          {t("settings.clear.yes")}
        </button>{" "}
        <button type="button" onClick={() => setAsking(false)}>
          {t("settings.clear.no")}
        </button>
      </Show>
      <p role="status">{done() ? t("settings.clear.done") : ""}</p>
    </section>
  );
}
