import type { DirectoryService } from "../../../shared/directory/types";
import { queueRetire } from "../../data/partner/writes";
import { t } from "../../i18n/i18n";
import ConfirmTwice from "../ConfirmTwice";

/** Retiring removes the service from the directory; a second button confirms it. */
export default function RetireService(props: { service: DirectoryService; onRetired: () => void }) {
  return (
    <section class="pf-retire" aria-labelledby="pf-retire-heading">
      <h2 id="pf-retire-heading">{t("partner.retire.heading")}</h2>
      <p>{t("partner.retire.body")}</p>
      <ConfirmTwice
        start={t("partner.retire.button")}
        question={t("partner.retire.confirm")}
        yes={t("partner.retire.yes")}
        no={t("partner.retire.no")}
        onConfirm={async () => {
          await queueRetire(props.service);
          props.onRetired();
        }}
      />
    </section>
  );
}
