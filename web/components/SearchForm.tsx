import { useNavigate } from "@solidjs/router";
import { createSignal, type JSX } from "solid-js";
import { t } from "../i18n/i18n";
import { searchTarget } from "../state/kioskSearch";

/**
 * Directory search box; submitting goes to /search?q=… plus any filter fields given as children
 * (empty ones left out), or on a kiosk to /search with those in the history entry's state. As a
 * plain GET form it also works before the script has loaded.
 * `onType` hears every change to the box (the search page shows results as people type).
 */
export default function SearchForm(props: {
  initial?: string;
  children?: JSX.Element;
  onType?: (text: string) => void;
  onFocus?: () => void;
}) {
  const navigate = useNavigate();
  const [query, setQuery] = createSignal(props.initial ?? "");
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget as HTMLFormElement)) {
      const text = String(value).trim();
      if (text) params.set(name, text);
    }
    const target = searchTarget(params); // on a kiosk, the words stay out of the address
    navigate(target.href, { state: target.state });
  };
  return (
    <form
      class="search-form"
      aria-labelledby="directory-q-label"
      action="/search"
      method="get"
      onSubmit={onSubmit}
    >
      <label id="directory-q-label" for="directory-q">
        {t("search.label")}
      </label>
      <div class="search-row">
        <input
          id="directory-q"
          name="q"
          type="search"
          autocomplete="off"
          maxLength={200}
          placeholder={t("search.placeholder")}
          value={query()}
          onInput={(e) => {
            setQuery(e.currentTarget.value);
            props.onType?.(e.currentTarget.value);
          }}
          onFocus={() => props.onFocus?.()}
        />
        <button type="submit" class="primary">
          {t("search.submit")}
        </button>
      </div>
      {props.children}
    </form>
  );
}
