import type { QualityDay } from "../../data/waittimes/dataQuality";
import { locale, t } from "../../i18n/i18n";
import { formatDate } from "../../i18n/intlFormats";
import FiguresTable from "../FiguresTable";

/** The coverage timeline's figures as a table, for screen readers and anyone who wants the numbers. */
export default function CoverageTable(props: {
  daily: QualityDay[];
  formatPercent: (percent: number) => string;
}) {
  const day = (date: string) =>
    formatDate(locale(), `${date}T12:00:00Z`, { dateStyle: "medium", timeZone: "UTC" });
  return (
    <FiguresTable
      detailsClass="trend-table"
      summary={t("trends.table")}
      label={t("trends.table")}
      columns={[
        t("waits.quality.day"),
        t("waits.quality.received"),
        t("waits.quality.expected"),
        t("waits.quality.timelineSeries"),
      ]}
      rows={props.daily}
      cells={(d) => [day(d.date), d.received, d.expected, props.formatPercent(d.coverage * 100)]}
    />
  );
}
