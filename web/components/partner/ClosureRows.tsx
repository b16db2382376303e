import { For, Show } from "solid-js";
import type { SetStoreFunction } from "solid-js/store";
import type { FieldError, ServiceDraft } from "../../data/partner/form";
import { locale, t } from "../../i18n/i18n";
import { formatDate } from "../../i18n/intlFormats";
import FormField, { describedBy, ErrorText, fieldId } from "./FormField";

interface Props {
  draft: ServiceDraft;
  setDraft: SetStoreFunction<ServiceDraft>;
  errors: Record<string, FieldError>;
}

/** "2026-12-24" as the page's language writes it ("Thursday, December 24, 2026"), or nothing yet. */
function dateText(date: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return undefined;
  const when = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12);
  if (Number.isNaN(when)) return undefined;
  return formatDate(locale(), when, {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}

/**
 * Closures and changed hours on given dates (a holiday, a training day), from today on: each is
 * closed all day or open at other hours, with a short reason the service page shows beside it.
 */
export default function ClosureRows(props: Props) {
  const remove = (i: number) => props.setDraft("exceptions", (rows) => rows.filter((_, j) => j !== i));
  const add = () =>
    props.setDraft("exceptions", (rows) => [
      ...rows,
      { date: "", closed: true, opens: "", closes: "", note: "" },
    ]);
  return (
    <fieldset class="pf-rows">
      <legend>{t("partner.closure.legend")}</legend>
      <p class="muted">{t("partner.closure.hint")}</p>
      <Show when={props.draft.exceptions.length === 0}>
        <p>{t("partner.closure.none")}</p>
      </Show>
      <For each={props.draft.exceptions}>
        {(row, i) => {
          const field = (name: string) => `exceptions.${i()}.${name}`;
          const dateId = () => fieldId(field("date"));
          const dateError = () => props.errors[field("date")];
          const closedId = () => fieldId(field("closed"));
          return (
            <fieldset class="pf-row">
              <legend class="visually-hidden">{t("partner.closure.n", { n: i() + 1 })}</legend>
              <div class="pf-field">
                <label for={dateId()}>{t("partner.closure.date")}</label>
                <Show when={dateText(row.date)}>
                  {(text) => (
                    <p class="muted pf-hint" id={`${dateId()}-hint`}>
                      {text()}
                    </p>
                  )}
                </Show>
                <input
                  id={dateId()}
                  name={field("date")}
                  type="date"
                  value={row.date}
                  aria-invalid={dateError() ? "true" : undefined}
                  aria-describedby={describedBy(dateId(), dateError(), Boolean(dateText(row.date)))}
                  onInput={(e) => props.setDraft("exceptions", i(), "date", e.currentTarget.value)}
                />
                <ErrorText id={dateId()} error={dateError()} />
              </div>
              <div class="pf-field pf-check">
                <input
                  id={closedId()}
                  type="checkbox"
                  checked={row.closed}
                  onChange={(e) => props.setDraft("exceptions", i(), "closed", e.currentTarget.checked)}
                />
                <label for={closedId()}>{t("partner.closure.closed")}</label>
              </div>
              <Show when={!row.closed}>
                <FormField
                  field={field("opens")}
                  label={t("partner.closure.opens")}
                  hint={t("partner.closure.timesHint")}
                  value={row.opens}
                  onInput={(v) => props.setDraft("exceptions", i(), "opens", v)}
                  error={props.errors[field("opens")]}
                />
                <FormField
                  field={field("closes")}
                  label={t("partner.closure.closes")}
                  value={row.closes}
                  onInput={(v) => props.setDraft("exceptions", i(), "closes", v)}
                  error={props.errors[field("closes")]}
                />
              </Show>
              <FormField
                field={field("note")}
                label={t("partner.closure.note")}
                hint={t("partner.closure.noteHint")}
                value={row.note}
                onInput={(v) => props.setDraft("exceptions", i(), "note", v)}
                error={props.errors[field("note")]}
              />
              <button type="button" onClick={() => remove(i())}>
                {t("partner.closure.remove", { n: i() + 1 })}
              </button>
            </fieldset>
          );
        }}
      </For>
      <button type="button" onClick={add}>
        {t("partner.closure.add")}
      </button>
    </fieldset>
  );
}
