import { For, Show } from "solid-js";
import type { TextPart } from "../../data/partner/diff";

/** Text with the words found only on this side highlighted. */
export default function MarkedText(props: { parts: TextPart[] }) {
  return (
    <For each={props.parts}>
      {(part) => (
        <Show when={part.changed} fallback={part.text}>
          <mark>{part.text}</mark>
        </Show>
      )}
    </For>
  );
}
