import { For } from "solid-js";
import { lang, setLang, t } from "../i18n/i18n";
import { LANGUAGES } from "../i18n/language";

/** EN/FR toggle; each button also carries the language's own name for screen-reader users. */
export default function LanguageSwitch() {
  return (
    <fieldset class="lang-switch">
      <legend class="visually-hidden">{t("lang.label")}</legend>
      <For each={LANGUAGES}>
        {(code) => (
          <button type="button" lang={code} aria-pressed={lang() === code} onClick={() => setLang(code)}>
            {code.toUpperCase()}
            <span class="visually-hidden"> – {t(code === "en" ? "lang.en" : "lang.fr")}</span>
          </button>
        )}
      </For>
    </fieldset>
  );
}
