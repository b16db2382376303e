import { t } from "../i18n/i18n";

/**
 * First focusable element on every page: jumps past the header to the main content. The router
 * would treat "#main" as a navigation, so the focus move is done here, on the element itself.
 */
export default function SkipLink() {
  const skip = (event: MouseEvent) => {
    event.preventDefault();
    const main = document.getElementById("main");
    main?.focus();
    main?.scrollIntoView();
  };
  return (
    <a class="skip-link" href="#main" on:click={skip}>
      {t("skip.toMain")}
    </a>
  );
}
