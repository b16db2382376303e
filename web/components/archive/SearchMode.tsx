import type { MessageKey } from "../../i18n/en";
import { t } from "../../i18n/i18n";

const MODES: Record<string, MessageKey> = {
  relevance_fts: "archive.mode.relevance_fts",
  relevance_fallback: "archive.mode.relevance_fallback",
  relevance_fuzzy: "archive.mode.relevance_fuzzy",
  boolean: "archive.mode.boolean",
  url: "archive.mode.url",
  newest: "archive.mode.newest",
};

/** A quiet line saying how the server read the query (so a surprising result can be understood). */
export default function SearchMode(props: { mode: string }) {
  return (
    <p class="muted archive-mode" data-testid="archive-mode" data-mode={props.mode}>
      {t("archive.mode.label", { mode: MODES[props.mode] ? t(MODES[props.mode]) : props.mode })}
    </p>
  );
}
