import { For, type JSX, Show } from "solid-js";
import type { SetStoreFunction } from "solid-js/store";
import { CATEGORIES } from "../../../shared/directory/schemas";
import type { Category } from "../../../shared/directory/types";
import type { FieldError, ServiceDraft } from "../../data/partner/form";
import type { MessageKey } from "../../i18n/en";
import { t } from "../../i18n/i18n";
import AddressRows from "./AddressRows";
import ClosureRows from "./ClosureRows";
import FormField, { describedBy, ErrorText } from "./FormField";
import HoursRows from "./HoursRows";
import PhoneRows from "./PhoneRows";

type TextKey = {
  [K in keyof ServiceDraft]: ServiceDraft[K] extends string ? K : never;
}[keyof ServiceDraft];

interface Props {
  draft: ServiceDraft;
  setDraft: SetStoreFunction<ServiceDraft>;
  errors: Record<string, FieldError>;
  onSubmit: () => void;
  submitLabel: string;
  /** Shown between the fields and the buttons (the save status). */
  footer?: JSX.Element;
}

const STATUSES = ["active", "inactive", "defunct"] as const;

/** Every field a partner edits, grouped as readers meet them; each error sits under its field. */
export default function ServiceForm(props: Props) {
  const text = (
    field: TextKey,
    opts: { multiline?: boolean; lang?: "en" | "fr"; type?: string; hint?: string } = {},
  ) => (
    <FormField
      field={field}
      label={t(`partner.field.${field}` as MessageKey)}
      value={props.draft[field] as string}
      onInput={(v) => props.setDraft(field, v)}
      error={props.errors[field]}
      {...opts}
    />
  );
  const choice = <V extends string>(
    field: "category" | "status",
    values: readonly V[],
    label: (v: V) => string,
  ) => (
    <div class="pf-field">
      <label for={`pf-${field}`}>{t(`partner.field.${field}`)}</label>
      <select
        id={`pf-${field}`}
        value={props.draft[field]}
        aria-invalid={props.errors[field] ? "true" : undefined}
        aria-describedby={describedBy(`pf-${field}`, props.errors[field])}
        onChange={(e) => props.setDraft(field, e.currentTarget.value as never)}
      >
        <For each={values}>{(v) => <option value={v}>{label(v)}</option>}</For>
      </select>
      <ErrorText id={`pf-${field}`} error={props.errors[field]} />
    </div>
  );
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <form class="pf-form" onSubmit={submit} novalidate>
      <Show when={props.errors.form}>
        {(e) => (
          <p class="alert" tabindex="-1">
            {t(e().key, e().params)}
          </p>
        )}
      </Show>
      <fieldset>
        <legend>{t("partner.group.names")}</legend>
        {text("nameEn", { lang: "en" })}
        {/* Not required: without one the French pages show the English name; said before saving. */}
        <FormField
          field="nameFr"
          label={t("partner.field.nameFr")}
          lang="fr"
          value={props.draft.nameFr}
          onInput={(v) => props.setDraft("nameFr", v)}
          error={props.errors.nameFr}
          hint={
            props.draft.nameEn.trim() && !props.draft.nameFr.trim()
              ? t("partner.hint.nameFrMissing")
              : undefined
          }
        />
        {text("descriptionEn", { multiline: true, lang: "en" })}
        {text("descriptionFr", { multiline: true, lang: "fr" })}
      </fieldset>
      <fieldset>
        <legend>{t("partner.group.about")}</legend>
        {choice<Category>("category", CATEGORIES, (c) => t(`category.${c}`))}
        {choice("status", STATUSES, (s) => t(`partner.serviceStatus.${s}`))}
        <div class="pf-field pf-check">
          <input
            id="pf-virtual"
            type="checkbox"
            checked={props.draft.virtual}
            onChange={(e) => props.setDraft("virtual", e.currentTarget.checked)}
          />
          <label for="pf-virtual">{t("partner.field.virtual")}</label>
        </div>
      </fieldset>
      <fieldset>
        <legend>{t("partner.group.contact")}</legend>
        {text("url", { type: "url" })}
        {text("email", { type: "email" })}
      </fieldset>
      <PhoneRows draft={props.draft} setDraft={props.setDraft} errors={props.errors} />
      <AddressRows draft={props.draft} setDraft={props.setDraft} errors={props.errors} />
      <HoursRows draft={props.draft} setDraft={props.setDraft} errors={props.errors} />
      <ClosureRows draft={props.draft} setDraft={props.setDraft} errors={props.errors} />
      <fieldset>
        <legend>{t("partner.group.details")}</legend>
        {text("eligibility", { multiline: true })}
        {text("fees")}
        {text("applicationEn", { multiline: true, lang: "en" })}
        {text("applicationFr", { multiline: true, lang: "fr" })}
        {text("documentsRequired")}
        {text("languages", { hint: t("partner.hint.commaList") })}
        {text("tags", { hint: t("partner.hint.commaList") })}
      </fieldset>
      {props.footer}
      <button type="submit" class="primary">
        {props.submitLabel}
      </button>
    </form>
  );
}
