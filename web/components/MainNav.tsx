import { A } from "@solidjs/router";
import { For } from "solid-js";
import type { MessageKey } from "../i18n/en";
import { t } from "../i18n/i18n";
import { kiosk } from "../state/kiosk";

// signIn: a sign-in page, left out of the menu in kiosk mode (a shared screen offers no accounts).
const LINKS: Array<{ href: string; label: MessageKey; signIn?: true }> = [
  { href: "/", label: "nav.home" },
  { href: "/search", label: "nav.search" },
  { href: "/waits", label: "nav.waits" },
  { href: "/archive", label: "nav.archive" },
  { href: "/partner", label: "partner.nav", signIn: true },
  { href: "/settings", label: "nav.settings" },
];

export default function MainNav() {
  return (
    <nav class="main-nav" aria-label={t("nav.label")}>
      <ul>
        <For each={LINKS.filter((link) => !(link.signIn && kiosk()))}>
          {(link) => (
            <li>
              <A href={link.href} end={link.href === "/"} activeClass="active">
                {t(link.label)}
              </A>
            </li>
          )}
        </For>
      </ul>
    </nav>
  );
}
