import { A } from "@solidjs/router";
import { For } from "solid-js";
import CoverageNote from "../components/directory/CoverageNote";
import EmergencyNumbers from "../components/EmergencyNumbers";
import NeedTiles from "../components/home/NeedTiles";
import OfflineAbilities from "../components/home/OfflineAbilities";
import SearchForm from "../components/SearchForm";
import { usePageTitle } from "../components/usePageTitle";
import type { MessageKey } from "../i18n/en";
import { t } from "../i18n/i18n";
import "../styles/home.css";

const CARDS: Array<{ href: string; title: MessageKey; body: MessageKey }> = [
  { href: "/waits", title: "home.waits.title", body: "home.waits.body" },
  { href: "/archive", title: "home.archive.title", body: "home.archive.body" },
  { href: "/settings", title: "home.settings.title", body: "home.settings.body" },
];

/** Offline, readies the device's search as the box takes focus (loaded then: it reads IndexedDB). */
const prepareDeviceSearch = () =>
  void import("../data/directory/search").then((m) => m.prepareDeviceSearch()).catch(() => undefined);

// People in need come first: the emergency numbers, then one tap per common need, then search.
export default function Home() {
  usePageTitle("app.name");
  return (
    <>
      <h1>{t("home.title")}</h1>
      <EmergencyNumbers />
      <OfflineAbilities />
      <NeedTiles />
      <SearchForm onFocus={prepareDeviceSearch} />
      <CoverageNote />
      <p class="lead">{t("home.intro")}</p>
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
