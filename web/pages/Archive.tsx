import { usePageTitle } from "../components/usePageTitle";
import { t } from "../i18n/i18n";

export default function Archive() {
  usePageTitle("archive.title");
  return (
    <>
      <h1>{t("archive.title")}</h1>
      <p class="lead">{t("archive.intro")}</p>
    </>
  );
}
