import { createSignal, Show } from "solid-js";

/**
 * An action that cannot be undone, asked twice: the first button brings the question with a
 * confirming and a cancelling button, and focus moves to the confirming one so a keyboard reader
 * lands on the choice. Cancelling (the button, or Escape on either) puts focus back on the first
 * button, as does an answer that left focus nowhere. Labels come from the caller, already translated.
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
  // Made again each time the question closes: the one on the page is the one focus goes back to.
  let start: HTMLButtonElement | undefined;
  // Focus on the question's buttons (gone with it) or nowhere goes back to the first button; focus
  // the caller moved on (to another page, say) stays where it is.
  const close = () => {
    const active = document.activeElement;
    setAsking(false);
    if (start?.isConnected && (!active || active === document.body || !active.isConnected)) start.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    close();
  };
  return (
    <Show
      when={asking()}
      fallback={
        <button
          ref={start}
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
        onKeyDown={onKeyDown}
        onClick={async () => {
          await props.onConfirm();
          close();
        }}
      >
        {props.yes}
      </button>{" "}
      <button type="button" onKeyDown={onKeyDown} onClick={close}>
        {props.no}
      </button>
    </Show>
  );
}
