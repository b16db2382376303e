import { Show } from "solid-js";
import { coverage } from "../../data/directory/coverage";
import { t } from "../../i18n/i18n";
import "../../styles/coverage.css";

/** Which area the directory's local services are in, said plainly on the home and search pages. */
export default function CoverageNote() {
  return (
    <Show when={coverage()}>
      {(area) => (
        <p class="coverage-note" data-testid="coverage-note">
          {t("coverage.note", {
            area: t("coverage.area", { city: area().city }),
            province: t(`coverage.province.${area().province}` as never),
          })}
        </p>
      )}
    </Show>
  );
}
