import { Show } from "solid-js";

/** A labelled input of the kiosk forms, with its error under it and tied to it for screen readers. */
export default function KioskField(props: {
  id: string;
  label: string;
  type: "password" | "number";
  value: string;
  error?: string;
  min?: number;
  max?: number;
  onInput: (value: string) => void;
  ref?: (el: HTMLInputElement) => void;
}) {
  const errorId = () => `${props.id}-error`;
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      <input
        ref={props.ref}
        id={props.id}
        type={props.type}
        inputmode="numeric"
        autocomplete="off"
        min={props.min}
        max={props.max}
        step={props.type === "number" ? 1 : undefined}
        value={props.value}
        aria-invalid={props.error ? "true" : undefined}
        aria-describedby={props.error ? errorId() : undefined}
        onInput={(e) => props.onInput(e.currentTarget.value)}
      />
      <Show when={props.error}>
        <p id={errorId()} class="field-error">
          {props.error}
        </p>
      </Show>
    </div>
  );
}
