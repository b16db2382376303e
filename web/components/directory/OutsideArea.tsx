import { Show } from "solid-js";
import type { CoverageArea } from "../../../shared/directory/coverage";
import type { Elsewhere } from "../../data/directory/coverage";
import { t } from "../../i18n/i18n";
import "../../styles/coverage.css";

/**
 * For someone outside the area the directory covers: says so, and gives the lines that work where
 * they are (numbers dialled the same everywhere in Canada) before any far-away local service.
 * The search page draws it under the search box, in place of the coverage note, so its numbers are on
 * a phone's first screen. With the crisis block above it (`crisisAbove`), which already gives 911
 * and 9-8-8, it keeps to 211 and 811 so both fit on that screen.
 */
export default function OutsideArea(props: { area: CoverageArea; where: Elsewhere; crisisAbove?: boolean }) {
  return (
    <aside class="outside-area" aria-labelledby="outside-area-heading" data-testid="outside-area">
      <h2 id="outside-area-heading">
        {props.where.place
          ? t("coverage.outside.place", { place: props.where.place.name })
          : t("coverage.outside.position")}
      </h2>
      <p>
        {t("coverage.outside.body", {
          area: t("coverage.area", { city: props.area.city }),
          province: t(`coverage.province.${props.area.province}` as never),
        })}
      </p>
      <ul class="wide-lines">
        <Show when={!props.crisisAbove}>
          <li>
            <a href="tel:911">911</a>
            <span>{t("coverage.line.911")}</span>
          </li>
          <li>
            <a href="tel:988">988</a>
            <span>
              {t("coverage.line.988")} <a href="sms:988">{t("home.emergency.988.text")}</a>
            </span>
          </li>
        </Show>
        <li>
          <a href="tel:211">211</a>
          <span>{t("coverage.line.211")}</span>
        </li>
        <li>
          <a href="tel:811">811</a>
          <span>{t("coverage.line.811")}</span>
        </li>
      </ul>
      <p class="muted">{t("coverage.outside.order")}</p>
    </aside>
  );
}
