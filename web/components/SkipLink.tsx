import { t } from "../i18n/i18n";

/** First focusable element on every page: jumps past the header to the main content. */
export default function SkipLink() {
  return (
    <a class="skip-link" href="#main">
      {t("skip.toMain")}
    </a>
  );
}
