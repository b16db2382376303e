import { useParams } from "@solidjs/router";
import HistoryList from "../components/partner/HistoryList";
import PartnerGate from "../components/partner/PartnerGate";
import { usePageTitle } from "../components/usePageTitle";
import { serviceById } from "../data/partner/services";
import { lang, t } from "../i18n/i18n";

/** /partner/services/:id/history: the audit trail of one of the organization's services. */
export default function PartnerHistory() {
  const params = useParams();
  usePageTitle("partner.history.title");
  const heading = () => {
    const current = serviceById(params.id ?? "");
    return current
      ? t("partner.history.heading", { name: current.name[lang()] })
      : t("partner.history.title");
  };
  return (
    <>
      <h1>{heading()}</h1>
      <PartnerGate>
        <HistoryList id={params.id ?? ""} />
      </PartnerGate>
    </>
  );
}
