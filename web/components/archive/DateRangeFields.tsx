import { t } from "../../i18n/i18n";

/** "Captured from" and "to" date inputs (YYYY-MM-DD, as the API takes them). */
export default function DateRangeFields(props: { idPrefix: string; from: string; to: string }) {
  return (
    <>
      <div class="field">
        <label for={`${props.idPrefix}-from`}>{t("archive.filter.from")}</label>
        <input id={`${props.idPrefix}-from`} name="from" type="date" value={props.from} />
      </div>
      <div class="field">
        <label for={`${props.idPrefix}-to`}>{t("archive.filter.to")}</label>
        <input id={`${props.idPrefix}-to`} name="to" type="date" value={props.to} />
      </div>
    </>
  );
}
