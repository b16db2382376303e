import { useNavigate } from "@solidjs/router";
import { createEffect, createSignal, type JSX, on } from "solid-js";
import { t } from "../i18n/i18n";

/** Fewer letters than this find noise rather than services, so results wait for a third one. */
const LIVE_MIN_LENGTH = 3;

/**
 * Directory search box; submitting goes to /search?q=… plus any filter fields given as children
 * (empty ones left out). As a plain GET form it also works before the script has loaded.
 * With `live` (the search page), results follow the typing: a change is searched as soon as the
 * results of the one before are shown, and changes typed meanwhile collapse into the latest, so a
 * slow device skips keystrokes instead of falling behind. The address is replaced, not added to
 * the history, so Back leaves the search page rather than stepping through every letter.
 */
export default function SearchForm(props: {
  initial?: string;
  children?: JSX.Element;
  live?: { busy: () => boolean };
  onFocus?: () => void;
}) {
  const navigate = useNavigate();
  const [query, setQuery] = createSignal(props.initial ?? "");
  let form: HTMLFormElement | undefined;
  let typedWhileBusy = false;
  const target = () => {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) {
      const text = String(value).trim();
      if (text) params.set(name, text);
    }
    return params.size > 0 ? `/search?${params}` : "/search";
  };
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    navigate(target());
  };
  const onInput = (value: string) => {
    setQuery(value);
    const typed = value.trim().length;
    if (!props.live || (typed > 0 && typed < LIVE_MIN_LENGTH)) return;
    if (props.live.busy()) typedWhileBusy = true;
    else navigate(target(), { replace: true, scroll: false });
  };
  createEffect(
    on(
      () => props.live?.busy(),
      (busy) => {
        if (busy || !typedWhileBusy) return;
        typedWhileBusy = false;
        navigate(target(), { replace: true, scroll: false });
      },
    ),
  );
  return (
    <form
      ref={form}
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
          onInput={(e) => onInput(e.currentTarget.value)}
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
