import { A } from "@solidjs/router";
import { For } from "solid-js";
import SearchForm from "../components/SearchForm";
import { usePageTitle } from "../components/usePageTitle";
import type { MessageKey } from "../i18n/en";
import { t } from "../i18n/i18n";

const CARDS: Array<{ href: string; title: MessageKey; body: MessageKey }> = [
  { href: "/waits", title: "home.waits.title", body: "home.waits.body" },
  { href: "/archive", title: "home.archive.title", body: "home.archive.body" },
  { href: "/settings", title: "home.settings.title", body: "home.settings.body" },
];

export default function Home() {
  usePageTitle("app.name");
  return (
    <>
      <h1>{t("home.title")}</h1>
      <p class="lead">{t("home.intro")}</p>
      <SearchForm />
      <ul class="cards">
        <For each={CARDS}>
          {(card) => (
            <li class="card">
              <h2>
                <A href={card.href}>{t(card.title)}</A>
              </h2>
              <p>{t(card.body)}</p>
            </li>
          )}
        </For>
      </ul>
    </>
  );
}
