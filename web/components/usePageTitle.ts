import { createEffect } from "solid-js";
import type { MessageKey } from "../i18n/en";
import { t } from "../i18n/i18n";

/** Keeps document.title in step with the page heading and the current language. */
export function usePageTitle(key: MessageKey): void {
  createEffect(() => {
    document.title = key === "app.name" ? t("app.name") : `${t(key)} · ${t("app.name")}`;
  });
}
