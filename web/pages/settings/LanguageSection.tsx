import { For } from "solid-js";
import { lang, setLang, t } from "../../i18n/i18n";
import { LANGUAGES } from "../../i18n/language";

export default function LanguageSection() {
  return (
    <section aria-labelledby="language-heading">
      <h2 id="language-heading">{t("settings.language.heading")}</h2>
      <fieldset class="choice-list">
        <legend>{t("settings.language.body")}</legend>
        <For each={LANGUAGES}>
          {(code) => (
            <label lang={code}>
              <input
                type="radio"
                name="language"
                value={code}
                checked={lang() === code}
                onChange={() => setLang(code)}
              />
              {t(code === "en" ? "lang.en" : "lang.fr")}
            </label>
          )}
        </For>
      </fieldset>
    </section>
  );
}
