import { createMemo, createSignal, For, onCleanup, Show } from "solid-js";
import type { Day, Schedule } from "../../../shared/directory/types";
import {
  changedHours as changedHoursIn,
  dayMonth as dayMonthIn,
  fullDate as fullDateIn,
  type HoursException,
  scheduleToday,
} from "../../data/directory/hoursChanges";
import { dayHours } from "../../data/directory/openingHours";
import { langAttr } from "../../i18n/contentLang";
import { lang, t } from "../../i18n/i18n";

const DAYS: Day[] = ["mo", "tu", "we", "th", "fr", "sa", "su"];

/**
 * Opening hours for each day of the week; a day with no hours is shown as closed. A day of the
 * coming seven with a dated exception says so in its row ("Closed today", "Closed on December 8",
 * with the usual hours beside), and the closures and changed hours of the coming weeks are listed
 * below, dated in the page's language by the calendar of the service's time zone.
 */
export default function WeeklyHours(props: { schedule: Schedule }) {
  // The page may stay open past midnight (a kiosk, a phone left on it): today moves on with it.
  const [now, setNow] = createSignal(new Date());
  const timer = setInterval(() => setNow(new Date()), 60_000);
  onCleanup(() => clearInterval(timer));
  const today = createMemo(() => scheduleToday(props.schedule, now()));
  const usual = (day: Day) =>
    dayHours(
      props.schedule.weekly.filter((w) => w.day === day),
      lang(),
      t,
    );
  const dayMonth = (date: string) => dayMonthIn(date, lang());
  const fullDate = (date: string) => fullDateIn(date, lang());
  const changedHours = (e: HoursException) => changedHoursIn(e, lang(), t);
  /** What a weekday's row says on the date it falls on next; the usual hours line when nothing changes. */
  const rowText = (day: Day, e: HoursException | undefined) => {
    const isToday = day === today().day;
    if (e?.closed)
      return isToday ? t("hoursChange.closedToday") : t("hoursChange.closedOn", { date: dayMonth(e.date) });
    const hours = e && changedHours(e);
    if (e && hours) {
      return isToday
        ? t("hoursChange.hoursToday", { hours })
        : t("hoursChange.hoursOn", { date: dayMonth(e.date), hours });
    }
    return usual(day) || t("service.closed");
  };
  const Note = (p: { e: HoursException | undefined }) => (
    <Show when={p.e?.note}>{(note) => <span lang={langAttr("en")}> ({note()})</span>}</Show>
  );
  return (
    <>
      <table class="data hours">
        <caption class="visually-hidden">{t("service.hours")}</caption>
        <tbody>
          <For each={DAYS}>
            {(day) => {
              const exception = () => today().exceptionOn(today().dateOf(day));
              const changes = () => {
                const e = exception();
                return Boolean(e && changedHours(e) !== null);
              };
              return (
                <tr classList={{ "hours-today": day === today().day }}>
                  <th scope="row">
                    {t(`day.${day}`)}
                    <Show when={day === today().day}> ({t("hoursChange.today")})</Show>
                  </th>
                  <td>
                    <span classList={{ "hours-changed": changes() }}>{rowText(day, exception())}</span>
                    <Note e={exception()} />
                    <Show when={changes()}>
                      <span class="muted hours-usual">
                        {t("hoursChange.usually", { hours: usual(day) || t("service.closed") })}
                      </span>
                    </Show>
                  </td>
                </tr>
              );
            }}
          </For>
        </tbody>
      </table>
      <Show when={today().upcoming.length > 0}>
        <h3 id="hours-changes-heading">{t("hoursChange.heading")}</h3>
        <ul class="hours-changes" aria-labelledby="hours-changes-heading" data-testid="hours-changes">
          <For each={today().upcoming}>
            {(e) => (
              <li>
                {t("hoursChange.line", {
                  date: fullDate(e.date),
                  hours: changedHours(e) ?? t("hoursChange.usualHours"),
                })}
                <Note e={e} />
              </li>
            )}
          </For>
        </ul>
      </Show>
    </>
  );
}
