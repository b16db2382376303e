import type { CoverageArea } from "../../../shared/directory/coverage";
import type { Elsewhere } from "../../data/directory/coverage";
import { t } from "../../i18n/i18n";
import "../../styles/coverage.css";

/**
 * For someone outside the area the directory covers: says so, and gives the lines that work where
 * they are (numbers dialled the same everywhere in Canada) before any far-away local service.
 */
export default function OutsideArea(props: { area: CoverageArea; where: Elsewhere }) {
  const areaName = () => t("coverage.area", { city: props.area.city });
  return (
    <aside class="outside-area" aria-labelledby="outside-area-heading" data-testid="outside-area">
      <h2 id="outside-area-heading">
        {props.where.place
          ? t("coverage.outside.place", { place: props.where.place.name })
          : t("coverage.outside.position")}
      </h2>
      <p>
        {t("coverage.outside.body", {
          area: areaName(),
          province: t(`coverage.province.${props.area.province}` as never),
        })}
      </p>
      <ul class="wide-lines">
        <li>
          <a href="tel:911">911</a> {t("coverage.line.911")}
        </li>
        <li>
          <a href="tel:988">988</a> {t("coverage.line.988")}{" "}
          <a href="sms:988">{t("home.emergency.988.text")}</a>
        </li>
        <li>
          <a href="tel:211">211</a> {t("coverage.line.211")}
        </li>
        <li>
          <a href="tel:811">811</a> {t("coverage.line.811")}
        </li>
      </ul>
      <p class="muted">{t("coverage.outside.order")}</p>
    </aside>
  );
}
