import { useParams } from "@solidjs/router";
import PartnerGate from "../components/partner/PartnerGate";
import ServiceEditor from "../components/partner/ServiceEditor";
import { usePageTitle } from "../components/usePageTitle";
import { serviceById } from "../data/partner/services";
import { lang, t } from "../i18n/i18n";

/** /partner/services/:id (or /partner/services/new): edit or create one of the organization's services. */
export default function PartnerService() {
  const params = useParams();
  const id = () => (params.id === "new" ? null : (params.id ?? null));
  usePageTitle("partner.edit.title");
  const heading = () => {
    const current = id() ? serviceById(id()!) : null;
    if (current) return t("partner.edit.heading", { name: current.name[lang()] });
    return t(id() ? "partner.edit.title" : "partner.create.title");
  };
  return (
    <>
      <h1>{heading()}</h1>
      <PartnerGate>
        <ServiceEditor id={id()} />
      </PartnerGate>
    </>
  );
}
