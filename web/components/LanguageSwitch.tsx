import { For } from "solid-js";
import { lang, setLang, t } from "../i18n/i18n";
import { LANGUAGES } from "../i18n/language";

/** EN/FR toggle; each button is named in its own language so either reader can find it. */
export default function LanguageSwitch() {
  return (
    <fieldset class="lang-switch">
      <legend class="visually-hidden">{t("lang.label")}</legend>
      <For each={LANGUAGES}>
        {(code) => (
          <button
            type="button"
            lang={code}
            aria-label={t(code === "en" ? "lang.en" : "lang.fr")}
            aria-pressed={lang() === code}
            onClick={() => setLang(code)}
          >
            {code.toUpperCase()}
          </button>
        )}
      </For>
    </fieldset>
  );
}
