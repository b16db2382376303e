import { For } from "solid-js";
import type { SetStoreFunction } from "solid-js/store";
import { DAYS } from "../../../shared/directory/schemas";
import type { Day } from "../../../shared/directory/types";
import type { FieldError, ServiceDraft } from "../../data/partner/form";
import { t } from "../../i18n/i18n";
import FormField, { describedBy, ErrorText, fieldId } from "./FormField";

interface Props {
  draft: ServiceDraft;
  setDraft: SetStoreFunction<ServiceDraft>;
  errors: Record<string, FieldError>;
}

/** Weekly opening hours: one row per opening (a day may have two, e.g. around a lunch break). */
export default function HoursRows(props: Props) {
  const remove = (i: number) => props.setDraft("weekly", (rows) => rows.filter((_, j) => j !== i));
  const add = () =>
    props.setDraft("weekly", (rows) => [...rows, { day: "mo" as Day, opens: "09:00", closes: "17:00" }]);
  return (
    <fieldset class="pf-rows">
      <legend>{t("service.hours")}</legend>
      <p class="muted">{t("partner.hours.hint")}</p>
      <For each={props.draft.weekly}>
        {(row, i) => {
          const dayId = () => fieldId(`weekly.${i()}.day`);
          const dayError = () => props.errors[`weekly.${i()}.day`];
          return (
            <fieldset class="pf-row">
              <legend class="visually-hidden">{t("partner.hours.n", { n: i() + 1 })}</legend>
              <div class="pf-field">
                <label for={dayId()}>{t("partner.hours.day")}</label>
                <select
                  id={dayId()}
                  value={row.day}
                  aria-invalid={dayError() ? "true" : undefined}
                  aria-describedby={describedBy(dayId(), dayError())}
                  onChange={(e) => props.setDraft("weekly", i(), "day", e.currentTarget.value as Day)}
                >
                  <For each={DAYS}>{(d) => <option value={d}>{t(`day.${d}`)}</option>}</For>
                </select>
                <ErrorText id={dayId()} error={dayError()} />
              </div>
              <FormField
                field={`weekly.${i()}.opens`}
                label={t("partner.hours.opens")}
                value={row.opens}
                onInput={(v) => props.setDraft("weekly", i(), "opens", v)}
                error={props.errors[`weekly.${i()}.opens`]}
              />
              <FormField
                field={`weekly.${i()}.closes`}
                label={t("partner.hours.closes")}
                value={row.closes}
                onInput={(v) => props.setDraft("weekly", i(), "closes", v)}
                error={props.errors[`weekly.${i()}.closes`]}
              />
              <button type="button" onClick={() => remove(i())}>
                {t("partner.hours.remove", { n: i() + 1 })}
              </button>
            </fieldset>
          );
        }}
      </For>
      <button type="button" onClick={add}>
        {t("partner.hours.add")}
      </button>
    </fieldset>
  );
}
