import { A, useLocation } from "@solidjs/router";
import { createEffect, createSignal, For, on } from "solid-js";
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

/**
 * The main navigation. On a phone the links sit behind a "Menu" disclosure button (the French
 * labels wrapped to three rows): it closes on navigation and on Escape, which gives focus back to
 * the button. From 48rem the button is hidden and the links are always shown.
 */
export default function MainNav() {
  const [open, setOpen] = createSignal(false);
  const location = useLocation();
  let toggle: HTMLButtonElement | undefined;
  createEffect(
    on(
      () => location.pathname,
      () => setOpen(false),
      { defer: true },
    ),
  );
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !open()) return;
    setOpen(false);
    toggle?.focus();
  };
  return (
    <nav class="main-nav" aria-label={t("nav.label")} onKeyDown={closeOnEscape}>
      <button
        ref={toggle}
        type="button"
        class="menu-toggle"
        aria-expanded={open()}
        aria-controls="main-nav-links"
        onClick={() => setOpen(!open())}
      >
        <svg class="menu-icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
          <path d="M2 4h16M2 10h16M2 16h16" stroke="currentColor" stroke-width="2.5" stroke-linecap="round" />
        </svg>
        {t("nav.menu")}
      </button>
      <ul id="main-nav-links" classList={{ open: open() }}>
        <For each={LINKS.filter((link) => !(link.signIn && kiosk()))}>
          {(link) => (
            <li>
              {/* A tap on the current page's link changes no address: close the menu here too. */}
              <A href={link.href} end={link.href === "/"} activeClass="active" onClick={() => setOpen(false)}>
                {t(link.label)}
              </A>
            </li>
          )}
        </For>
      </ul>
    </nav>
  );
}
