import { For } from "solid-js";
import type { Hospital } from "../../../shared/waittimes/schemas";
import { hospitalOptionLabel } from "../../data/waittimes/hospitalLabel";
import { PROVINCE_CODES } from "../../data/waittimes/parseHospitals";
import { lang, t } from "../../i18n/i18n";
import { collator } from "../../i18n/intlFormats";

/** A labelled hospital picker grouped by province, by name within each. */
export default function HospitalSelect(props: {
  id: string;
  name: string;
  label: string;
  hospitals: readonly Hospital[];
  value: string;
}) {
  const inProvince = (p: string) => {
    const byName = collator(lang(), { sensitivity: "base" });
    return props.hospitals.filter((h) => h.province === p).sort((x, y) => byName.compare(x.name, y.name));
  };
  const selected = (h: Hospital) => h.id === props.value || h.aliases.includes(props.value);
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      <select id={props.id} name={props.name} required>
        <option value="" selected={props.value === ""}>
          –
        </option>
        <For each={PROVINCE_CODES}>
          {(p) => (
            <optgroup label={t(`province.${p}`)}>
              <For each={inProvince(p)}>
                {(h) => (
                  <option value={h.id} selected={selected(h)}>
                    {hospitalOptionLabel(h)}
                  </option>
                )}
              </For>
            </optgroup>
          )}
        </For>
      </select>
    </div>
  );
}
