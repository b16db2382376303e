import { usePageTitle } from "../components/usePageTitle";
import { t } from "../i18n/i18n";
import DirectorySyncSection from "./settings/DirectorySyncSection";
import KioskSection from "./settings/KioskSection";
import LanguageSection from "./settings/LanguageSection";
import PersistSection from "./settings/PersistSection";
import StorageSection from "./settings/StorageSection";

export default function Settings() {
  usePageTitle("settings.title");
  return (
    <>
      <h1>{t("settings.title")}</h1>
      <LanguageSection />
      <StorageSection />
      <DirectorySyncSection />
      <PersistSection />
      <KioskSection />
    </>
  );
}
