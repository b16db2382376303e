import { A } from "@solidjs/router";
import EmergencyNumbers from "../components/EmergencyNumbers";
import { usePageTitle } from "../components/usePageTitle";
import { t } from "../i18n/i18n";

export default function NotFound() {
  usePageTitle("notfound.title");
  return (
    <>
      <h1>{t("notfound.title")}</h1>
      <p>{t("notfound.body")}</p>
      <p>
        <A href="/">{t("notfound.home")}</A>
      </p>
      <EmergencyNumbers />
    </>
  );
}
