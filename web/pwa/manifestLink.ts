// The installed app's name and description follow the interface language: the page links the
// English or the French manifest (both describe the same app: same id, start_url and scope).
import type { Lang } from "../i18n/language";

export const MANIFESTS: Record<Lang, string> = {
  en: "/manifest.webmanifest",
  fr: "/manifest.fr.webmanifest",
};

/** Points the page's <link rel="manifest"> at the manifest of `lang`. */
export function linkManifest(doc: Document, lang: Lang): void {
  const link = doc.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (link && link.getAttribute("href") !== MANIFESTS[lang]) link.setAttribute("href", MANIFESTS[lang]);
}
