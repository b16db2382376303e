import { organizationNameLang } from "../../data/directory/serviceText";
import { langAttr } from "../../i18n/contentLang";
import { t } from "../../i18n/i18n";

const SLOT = "\u0000";

/**
 * "Offered by {organization}" with the organization's name marked with the language it is written
 * in, so a French page reads "Offert par" in French and "Health811 (formerly…)" in English.
 */
export default function OfferedBy(props: {
  service: { organizationName: string; name: { en: string; fr: string } };
}) {
  const parts = () => t("search.by", { organization: SLOT }).split(SLOT);
  return (
    <p class="muted">
      {parts()[0]}
      <span lang={langAttr(organizationNameLang(props.service))}>{props.service.organizationName}</span>
      {parts()[1] ?? ""}
    </p>
  );
}
