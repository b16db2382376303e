import { useBeforeLeave, useLocation, useNavigate } from "@solidjs/router";
import { createEffect, createSignal, on, onCleanup } from "solid-js";
import { searchParamsOf, searchTarget } from "../../state/kioskSearch";

/**
 * Fewer letters than this find noise rather than services, so results wait for a third one. The
 * crisis check needs no such wait ("od" is an overdose): `typedText` gives it every change.
 */
const LIVE_MIN_LENGTH = 3;
/** The address follows the box once typing pauses this long. */
const ADDRESS_DELAY_MS = 600;

/**
 * Results that follow the typing on the search page. Each change is searched as soon as the results
 * of the one before are shown; changes typed meanwhile collapse into the latest, so a slow device
 * skips keystrokes instead of falling behind. The address (?q=) catches up once typing pauses, and
 * is replaced rather than added to the history, so Back leaves the page instead of stepping through
 * letters (and the browser is not asked to rewrite its history at every key).
 */
export function useTypedQuery(opts: { addressQuery: () => string; busy: () => boolean }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [typed, setTyped] = createSignal<string | null>(null);
  /** The box as last typed, however short (null once the address is what is searched). */
  const [text, setText] = createSignal<string | null>(null);
  let waiting: string | null = null;
  /** Shown but not yet in the address. */
  let pending: string | null = null;
  let sent: string | null = null;
  let catchingUp = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // On a kiosk the parameters live in the entry's state, not in the address (kioskSearch.ts).
  const addressOf = (q: string) => {
    const params = searchParamsOf(location);
    if (q) params.set("q", q);
    else params.delete("q");
    return searchTarget(params);
  };
  const show = (q: string) => {
    setTyped(q);
    pending = q;
    clearTimeout(timer);
    timer = setTimeout(() => {
      pending = null;
      sent = q;
      catchingUp = true;
      const target = addressOf(q);
      navigate(target.href, { replace: true, scroll: false, state: target.state });
      catchingUp = false;
    }, ADDRESS_DELAY_MS);
  };
  // Navigating before the address caught up (a result tapped right after typing): the page stays up
  // while the next one loads, and a catch-up then would put the search back in its place. Leaving
  // the search, the entry left gets the words typed instead, so Back returns to them; the router is
  // not asked, since a navigation of its own would take the place of the one under way. (A new
  // search sets the address itself; Back or Forward has already moved to another entry.)
  useBeforeLeave((e) => {
    if (catchingUp) return;
    clearTimeout(timer);
    const typedLast = waiting ?? pending;
    waiting = null;
    pending = null;
    const leavingSearch = typeof e.to === "string" && !/^\/search(\?|$)/.test(e.to);
    if (typedLast === null || !leavingSearch) return;
    const target = addressOf(typedLast);
    history.replaceState({ ...history.state, ...target.state }, "", target.href);
  });
  const onType = (text: string) => {
    const q = text.trim().slice(0, 200);
    setText(q);
    if (q.length > 0 && q.length < LIVE_MIN_LENGTH) return;
    if (opts.busy()) waiting = q;
    else show(q);
  };
  createEffect(
    on(opts.busy, (busy) => {
      if (busy || waiting === null) return;
      const q = waiting;
      waiting = null;
      show(q);
    }),
  );
  // The address changed otherwise (the form submitted, Back or Forward): it is what is searched.
  createEffect(
    on(
      opts.addressQuery,
      (q) => {
        if (q === sent) return;
        setTyped(null);
        setText(null);
        waiting = null;
        clearTimeout(timer);
      },
      { defer: true },
    ),
  );
  onCleanup(() => clearTimeout(timer));
  return {
    query: () => typed() ?? opts.addressQuery(),
    /** What the box says, for checks that run on the device as people type (the crisis block). */
    typedText: () => text() ?? typed() ?? opts.addressQuery(),
    onType,
  };
}
