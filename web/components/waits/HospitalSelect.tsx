import { For } from "solid-js";
import type { Hospital } from "../../../shared/waittimes/schemas";
import { PROVINCE_CODES } from "../../data/parseHospitals";
import { t } from "../../i18n/i18n";

/** A labelled hospital picker grouped by province. */
export default function HospitalSelect(props: {
  id: string;
  name: string;
  label: string;
  hospitals: Hospital[];
  value: string;
}) {
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
              <For each={props.hospitals.filter((h) => h.province === p)}>
                {(h) => (
                  <option value={h.id} selected={h.id === props.value}>
                    {h.name} ({h.city})
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
