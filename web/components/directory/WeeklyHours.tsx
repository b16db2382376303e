import { For, Show } from "solid-js";
import type { Day, Schedule } from "../../../shared/directory/types";
import { dayHours } from "../../data/directory/openingHours";
import { lang, t } from "../../i18n/i18n";

const DAYS: Day[] = ["mo", "tu", "we", "th", "fr", "sa", "su"];

/** Opening hours for each day of the week; a day with no hours is shown as closed. */
export default function WeeklyHours(props: { schedule: Schedule }) {
  const hoursOf = (day: Day) =>
    dayHours(
      props.schedule.weekly.filter((w) => w.day === day),
      lang(),
      t,
    );
  return (
    <table class="data hours">
      <caption class="visually-hidden">{t("service.hours")}</caption>
      <tbody>
        <For each={DAYS}>
          {(day) => (
            <tr>
              <th scope="row">{t(`day.${day}`)}</th>
              <td>
                <Show when={hoursOf(day)} fallback={t("service.closed")}>
                  {hoursOf(day)}
                </Show>
              </td>
            </tr>
          )}
        </For>
      </tbody>
    </table>
  );
}
