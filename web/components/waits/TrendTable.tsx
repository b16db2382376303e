import type { TrendPoint } from "../../../shared/waittimes/schemas";
import { formatWait } from "../../data/formatWait";
import { lang, t } from "../../i18n/i18n";
import FiguresTable from "../FiguresTable";

/** The chart's figures as a table, for screen readers and for anyone who wants the numbers. */
export default function TrendTable(props: { points: TrendPoint[]; metric: string }) {
  const when = (iso: string) =>
    new Date(iso).toLocaleString(lang(), { dateStyle: "medium", timeStyle: "short" });
  const wait = (v: number) => formatWait(v, props.metric, lang());
  return (
    <FiguresTable
      detailsClass="trend-table"
      summary={t("trends.table")}
      label={t("trends.table")}
      columns={[t("trends.time"), t("trends.value"), t("trends.min"), t("trends.max")]}
      rows={props.points}
      cells={(p) => [when(p.timestamp), wait(p.value), wait(p.min), wait(p.max)]}
    />
  );
}
