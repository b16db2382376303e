import { For } from "solid-js";
import type { SetStoreFunction } from "solid-js/store";
import type { FieldError, ServiceDraft } from "../../data/partnerForm";
import { t } from "../../i18n/i18n";
import FormField from "./FormField";

interface Props {
  draft: ServiceDraft;
  setDraft: SetStoreFunction<ServiceDraft>;
  errors: Record<string, FieldError>;
}

/** The service's phone numbers, each with an optional label; rows can be added and removed. */
export default function PhoneRows(props: Props) {
  const remove = (i: number) => props.setDraft("phones", (rows) => rows.filter((_, j) => j !== i));
  const add = () => props.setDraft("phones", (rows) => [...rows, { number: "", label: "" }]);
  return (
    <fieldset class="pf-rows">
      <legend>{t("partner.field.phones")}</legend>
      <For each={props.draft.phones}>
        {(phone, i) => (
          <fieldset class="pf-row">
            <legend class="visually-hidden">{t("partner.phone.n", { n: i() + 1 })}</legend>
            <FormField
              field={`phones.${i()}.number`}
              label={t("partner.phone.number")}
              type="tel"
              value={phone.number}
              onInput={(v) => props.setDraft("phones", i(), "number", v)}
              error={props.errors[`phones.${i()}.number`]}
            />
            <FormField
              field={`phones.${i()}.label`}
              label={t("partner.phone.label")}
              value={phone.label}
              onInput={(v) => props.setDraft("phones", i(), "label", v)}
              error={props.errors[`phones.${i()}.label`]}
            />
            <button type="button" onClick={() => remove(i())}>
              {t("partner.phone.remove", { n: i() + 1 })}
            </button>
          </fieldset>
        )}
      </For>
      <button type="button" onClick={add}>
        {t("partner.phone.add")}
      </button>
    </fieldset>
  );
}
