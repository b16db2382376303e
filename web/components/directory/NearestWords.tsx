import { For } from "solid-js";
import { t } from "../../i18n/i18n";

/** "Did you mean: shelter, shelters?" with each word a link that searches it. */
export default function NearestWords(props: { words: string[] }) {
  return (
    <p data-testid="nearest-words">
      {t("nearest.didYouMean")}{" "}
      <For each={props.words}>
        {(word, i) => (
          <>
            {i() > 0 ? ", " : ""}
            <a href={`/search?q=${encodeURIComponent(word)}`}>{word}</a>
          </>
        )}
      </For>
    </p>
  );
}
