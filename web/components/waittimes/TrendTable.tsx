import type { Aggregation, TrendPoint } from "../../../shared/waittimes/schemas";
import { bucketLabel } from "../../data/waittimes/figureStamp";
import { formatWait } from "../../data/waittimes/formatWait";
import { lang, locale, t } from "../../i18n/i18n";
import FiguresTable from "../FiguresTable";

/** The chart's figures as a table, for screen readers and for anyone who wants the numbers. */
export default function TrendTable(props: {
  points: TrendPoint[];
  metric: string;
  aggregation: Aggregation;
  /** The calendar the points' days are in (the API's calendar_time_zone). */
  timeZone: string | undefined;
}) {
  const wait = (v: number) => formatWait(v, props.metric, lang());
  return (
    <FiguresTable
      detailsClass="trend-table"
      summary={t("trends.table")}
      label={t("trends.table")}
      columns={[
        t(props.aggregation === "monthly" ? "waits.chart.month" : "trends.time"),
        t("waits.chart.average"),
        t("trends.min"),
        t("trends.max"),
      ]}
      rows={props.points}
      cells={(p) => [
        bucketLabel(p.timestamp, props.aggregation, t, locale(), props.timeZone),
        wait(p.value),
        wait(p.min),
        wait(p.max),
      ]}
    />
  );
}
