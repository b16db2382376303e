import { t } from "../../i18n/i18n";
import { kiosk, setKiosk } from "../../state/kiosk";

export default function KioskSection() {
  return (
    <section aria-labelledby="kiosk-heading">
      <h2 id="kiosk-heading">{t("settings.kiosk.heading")}</h2>
      <p id="kiosk-body">{t("settings.kiosk.body")}</p>
      <div class="choice-list">
        <label>
          <input
            type="checkbox"
            aria-describedby="kiosk-body"
            checked={kiosk()}
            onChange={(e) => setKiosk(e.currentTarget.checked)}
          />
          {t("settings.kiosk.toggle")}
        </label>
      </div>
    </section>
  );
}
