import { For } from "solid-js";
import type { SetStoreFunction } from "solid-js/store";
import { formatNumber, formatPhone, readPhone } from "../../../shared/directory/phone";
import type { FieldError, PhoneRow, ServiceDraft } from "../../data/partner/form";
import { lang, t } from "../../i18n/i18n";
import FormField from "./FormField";

interface Props {
  draft: ServiceDraft;
  setDraft: SetStoreFunction<ServiceDraft>;
  errors: Record<string, FieldError>;
}

/** How the public page will use what was typed, so a number that cannot be dialled shows before saving. */
function phoneHint(row: PhoneRow): string | undefined {
  if (!row.number.trim()) return undefined;
  const r = readPhone(row.number, row.label.trim() || null);
  switch (r.kind) {
    case "dial":
      return t("phone.hint.dial", { number: formatPhone(r, lang()) });
    case "short":
      return t("phone.hint.short", { number: r.code });
    case "mobile":
      return t("phone.hint.mobile", { digits: r.digits });
    case "text":
      return t("phone.hint.text", { number: r.code.startsWith("+") ? formatNumber(r.code) : r.code });
    default:
      return t("phone.hint.invalid");
  }
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
              hint={phoneHint(phone)}
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
