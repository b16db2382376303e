import type { Category } from "../../../shared/directory/types";
import { t } from "../../i18n/i18n";

/**
 * The notice at the top of the page of a service that no longer runs: "inactive" (not running for
 * now, as HSDS means it) or "defunct" (closed for good). Search leaves such a service out, but a
 * link, a bookmark or the device's copy still opens its page, which must not read as open.
 */
export default function ServiceClosed(props: { status: "inactive" | "defunct"; category: Category }) {
  const similar = () =>
    `/search?q=${encodeURIComponent(t(`category.${props.category}`))}&category=${encodeURIComponent(props.category)}`;
  return (
    <section class="notice closed-notice" aria-labelledby="closed-heading" data-testid="service-closed">
      <h2 id="closed-heading">{t(`closed.${props.status}`)}</h2>
      <p>
        {t(`closed.${props.status}.body`)} {t("closed.hidden")}
      </p>
      <p>
        <a href={similar()}>{t("closed.search")}</a>
      </p>
    </section>
  );
}
