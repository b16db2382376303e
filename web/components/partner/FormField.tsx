import { Show } from "solid-js";
import type { FieldError } from "../../data/partner/form";
import { t } from "../../i18n/i18n";

/** The element id of a form field ("phones.0.number" → "pf-phones-0-number"). */
export const fieldId = (field: string) => `pf-${field.replace(/\./g, "-")}`;

/** The message under a field; its id is what the input's aria-describedby names. */
export function ErrorText(props: { id: string; error: FieldError | undefined }) {
  return (
    <Show when={props.error}>
      {(e) => (
        <p class="field-error" id={`${props.id}-error`}>
          {t(e().key, e().params)}
        </p>
      )}
    </Show>
  );
}

/** aria-describedby for a field: its hint and, when there is one, its error. */
export function describedBy(id: string, error: unknown, hint?: boolean): string | undefined {
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

/**
 * A labelled input the form reads on submit (sign-in, a new password), with its error under it
 * and announced with it; its layout is the form's (no wrapper).
 */
export function LabelledInput(props: {
  id: string;
  name: string;
  label: string;
  type: "email" | "password";
  autocomplete: string;
  error: FieldError | undefined;
}) {
  return (
    <>
      <label for={props.id}>{props.label}</label>
      <input
        id={props.id}
        name={props.name}
        type={props.type}
        autocomplete={props.autocomplete}
        aria-invalid={props.error ? "true" : undefined}
        aria-describedby={describedBy(props.id, props.error)}
      />
      <ErrorText id={props.id} error={props.error} />
    </>
  );
}

interface Props {
  field: string;
  label: string;
  value: string;
  onInput: (value: string) => void;
  error: FieldError | undefined;
  hint?: string;
  multiline?: boolean;
  type?: string;
  lang?: "en" | "fr";
  autocomplete?: string;
}

/** A labelled text input or text area whose error sits right under it and is announced with it. */
export default function FormField(props: Props) {
  const id = () => fieldId(props.field);
  const common = () => ({
    id: id(),
    name: props.field,
    lang: props.lang,
    "aria-invalid": props.error ? ("true" as const) : undefined,
    "aria-describedby": describedBy(id(), props.error, Boolean(props.hint)),
  });
  return (
    <div class="pf-field">
      <label for={id()}>{props.label}</label>
      <Show when={props.hint}>
        <p class="muted pf-hint" id={`${id()}-hint`}>
          {props.hint}
        </p>
      </Show>
      <Show
        when={props.multiline}
        fallback={
          <input
            {...common()}
            type={props.type ?? "text"}
            autocomplete={props.autocomplete ?? "off"}
            value={props.value}
            onInput={(e) => props.onInput(e.currentTarget.value)}
          />
        }
      >
        <textarea
          {...common()}
          rows={4}
          value={props.value}
          onInput={(e) => props.onInput(e.currentTarget.value)}
        />
      </Show>
      <ErrorText id={id()} error={props.error} />
    </div>
  );
}
