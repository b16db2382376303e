import { For, Show } from "solid-js";
import type { SetStoreFunction } from "solid-js/store";
import { type FieldError, PROVINCE_CODES, type ServiceDraft } from "../../data/partner/form";
import type { MessageKey } from "../../i18n/en";
import { t } from "../../i18n/i18n";
import FormField, { describedBy, ErrorText, fieldId } from "./FormField";

interface Props {
  draft: ServiceDraft;
  setDraft: SetStoreFunction<ServiceDraft>;
  errors: Record<string, FieldError>;
}

const newId = () => `loc-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Where the service is: each address's street, city, province and postal code; rows can be added and removed. */
export default function AddressRows(props: Props) {
  const remove = (i: number) => props.setDraft("locations", (rows) => rows.filter((_, j) => j !== i));
  const add = () =>
    props.setDraft("locations", (rows) => [
      ...rows,
      {
        id: newId(),
        type: "physical",
        name: null,
        address: "",
        city: "",
        province: rows.at(-1)?.province ?? "",
        postalCode: "",
        lat: null,
        lng: null,
      },
    ]);
  return (
    <fieldset class="pf-rows">
      <legend>{t("partner.address.legend")}</legend>
      <Show when={props.draft.locations.length === 0}>
        <p>{t("partner.address.none")}</p>
      </Show>
      <For each={props.draft.locations}>
        {(row, i) => {
          const field = (name: string) => `locations.${i()}.${name}`;
          const text = (name: "address" | "city" | "postalCode", autocomplete: string) => (
            <FormField
              field={field(name)}
              label={t(`partner.address.${name}` as MessageKey)}
              value={row[name]}
              autocomplete={autocomplete}
              onInput={(v) => props.setDraft("locations", i(), name, v)}
              error={props.errors[field(name)]}
            />
          );
          const provinceId = () => fieldId(field("province"));
          const provinceError = () => props.errors[field("province")];
          // A province the list does not name (another country's, from an import) stays choosable as it is.
          const other = () =>
            row.province && !(PROVINCE_CODES as readonly string[]).includes(row.province)
              ? row.province
              : null;
          return (
            <fieldset class="pf-row">
              <legend class="visually-hidden">{t("partner.address.n", { n: i() + 1 })}</legend>
              {text("address", "off")}
              {text("city", "off")}
              <div class="pf-field">
                <label for={provinceId()}>{t("partner.address.province")}</label>
                <select
                  id={provinceId()}
                  value={row.province}
                  aria-invalid={provinceError() ? "true" : undefined}
                  aria-describedby={describedBy(provinceId(), provinceError())}
                  onChange={(e) => props.setDraft("locations", i(), "province", e.currentTarget.value)}
                >
                  <option value="">{t("partner.address.provinceNone")}</option>
                  <For each={PROVINCE_CODES}>
                    {(code) => <option value={code}>{t(`partner.province.${code}` as MessageKey)}</option>}
                  </For>
                  <Show when={other()}>{(code) => <option value={code()}>{code()}</option>}</Show>
                </select>
                <ErrorText id={provinceId()} error={provinceError()} />
              </div>
              {text("postalCode", "off")}
              <button type="button" onClick={() => remove(i())}>
                {t("partner.address.remove", { n: i() + 1 })}
              </button>
            </fieldset>
          );
        }}
      </For>
      <button type="button" onClick={add}>
        {t("partner.address.add")}
      </button>
    </fieldset>
  );
}
