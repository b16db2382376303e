import { A } from "@solidjs/router";
import { For } from "solid-js";
import type { MessageKey } from "../i18n/en";
import { t } from "../i18n/i18n";

const LINKS: Array<{ href: string; label: MessageKey }> = [
  { href: "/", label: "nav.home" },
  { href: "/search", label: "nav.search" },
  { href: "/waits", label: "nav.waits" },
  { href: "/archive", label: "nav.archive" },
  { href: "/partner", label: "partner.nav" },
  { href: "/settings", label: "nav.settings" },
];

export default function MainNav() {
  return (
    <nav class="main-nav" aria-label={t("nav.label")}>
      <ul>
        <For each={LINKS}>
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
