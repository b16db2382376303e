import { createSignal } from "solid-js";
import ConfirmTwice from "../../components/ConfirmTwice";
import { t } from "../../i18n/i18n";

/** Removes the directory copy, saved hospitals and cached answers, after a second confirming press. */
export default function ClearDataSection(props: { onCleared: () => void }) {
  const [done, setDone] = createSignal(false);
  const clear = async () => {
    await (await import("../../data/device/savedData")).clearDeviceData();
    setDone(true);
    props.onCleared();
  };
  return (
    <section aria-labelledby="clear-heading">
      <h2 id="clear-heading">{t("settings.clear.heading")}</h2>
      <p>{t("settings.clear.body")}</p>
      <ConfirmTwice
        start={t("settings.clear.button")}
        question={t("settings.clear.confirm")}
        yes={t("settings.clear.yes")}
        no={t("settings.clear.no")}
        onAsk={() => setDone(false)}
        onConfirm={clear}
      />
      <p role="status">{done() ? t("settings.clear.done") : ""}</p>
    </section>
  );
}
