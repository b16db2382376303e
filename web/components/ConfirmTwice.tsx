import { createSignal, Show } from "solid-js";

/**
 * An action that cannot be undone, asked twice: the first button brings the question with a
 * confirming and a cancelling button, and focus moves to the confirming one so a keyboard reader
 * lands on the choice. Labels come from the caller, already translated.
 */
export default function ConfirmTwice(props: {
  start: string;
  question: string;
  yes: string;
  no: string;
  /** Called when the question is opened (to clear an earlier outcome, say). */
  onAsk?: () => void;
  onConfirm: () => Promise<void> | void;
}) {
  const [asking, setAsking] = createSignal(false);
  let confirm!: HTMLButtonElement;
  return (
    <Show
      when={asking()}
      fallback={
        <button
          type="button"
          onClick={() => {
            props.onAsk?.();
            setAsking(true);
            queueMicrotask(() => confirm.focus());
          }}
        >
          {props.start}
        </button>
      }
    >
      <p role="alert">{props.question}</p>
      <button
        ref={confirm}
        type="button"
        class="primary"
        onClick={async () => {
          await props.onConfirm();
          setAsking(false);
        }}
      >
        {props.yes}
      </button>{" "}
      <button type="button" onClick={() => setAsking(false)}>
        {props.no}
      </button>
    </Show>
  );
}
