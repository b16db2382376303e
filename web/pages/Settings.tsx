import { createSignal, For } from "solid-js";
import { usePageTitle } from "../components/usePageTitle";
import { t } from "../i18n/i18n";
import ClearDataSection from "./settings/ClearDataSection";
import DirectorySyncSection from "./settings/DirectorySyncSection";
import KioskSection from "./settings/KioskSection";
import LanguageSection from "./settings/LanguageSection";
import PersistSection from "./settings/PersistSection";
import StorageSection from "./settings/StorageSection";

export default function Settings() {
  usePageTitle("settings.title");
  // Bumped after saved data is removed, so the figures below are read again.
  const [version, setVersion] = createSignal(1);
  return (
    <>
      <h1>{t("settings.title")}</h1>
      <LanguageSection />
      <For each={[version()]}>
        {() => (
          <>
            <StorageSection />
            <DirectorySyncSection />
          </>
        )}
      </For>
      <PersistSection />
      <KioskSection />
      <ClearDataSection onCleared={() => setVersion((v) => v + 1)} />
    </>
  );
}
