import { createSignal, For } from "solid-js";
import { usePageTitle } from "../components/usePageTitle";
import { t } from "../i18n/i18n";
import ClearDataSection from "./settings/ClearDataSection";
import DirectorySyncSection from "./settings/DirectorySyncSection";
import KioskSection from "./settings/KioskSection";
import LanguageSection from "./settings/LanguageSection";
import PersistSection from "./settings/PersistSection";
import StaffOnly from "./settings/StaffOnly";
import StorageSection from "./settings/StorageSection";

// On a kiosk a visitor may change the language; everything else waits for the staff PIN
// (StaffOnly), and turning kiosk mode off asks for it in its own section.
export default function Settings() {
  usePageTitle("settings.title");
  // Bumped after saved data is removed, so the figures below are read again.
  const [version, setVersion] = createSignal(1);
  return (
    <>
      <h1>{t("settings.title")}</h1>
      <LanguageSection />
      <StaffOnly>
        <For each={[version()]}>
          {() => (
            <>
              <StorageSection />
              <DirectorySyncSection />
            </>
          )}
        </For>
        <PersistSection />
        <ClearDataSection onCleared={() => setVersion((v) => v + 1)} />
      </StaffOnly>
      <KioskSection />
    </>
  );
}
