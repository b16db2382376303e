import PartnerGate from "../components/partner/PartnerGate";
import ServiceList from "../components/partner/ServiceList";
import WriteStatusList from "../components/partner/WriteStatusList";
import { usePageTitle } from "../components/usePageTitle";
import { t } from "../i18n/i18n";

/** /partner: sign in, then the organization's services and the status of changes made here. */
export default function PartnerDashboard() {
  usePageTitle("partner.title");
  return (
    <>
      <h1>{t("partner.title")}</h1>
      <p class="lead">{t("partner.intro")}</p>
      <PartnerGate>
        <WriteStatusList />
        <ServiceList />
      </PartnerGate>
    </>
  );
}
