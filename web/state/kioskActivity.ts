// A kiosk visit may use several tabs of the app (one opened before kiosk mode, or by staff): the
// visitor's touches and keys in any of them count for all, so a tab left in the background never
// reaches its quiet time and starts the whole kiosk over while the visitor is busy in another.

/** What counts as someone using the screen: these events, on any element (listened to in capture). */
export const USE_EVENTS = ["pointerdown", "keydown", "touchstart", "wheel", "input"] as const;

/** At most one message a second; the last use in a burst is always sent, a second late at most. */
export const SHARE_EVERY_MS = 1_000;

export interface SharedActivity {
  /** This tab was used at `at` (epoch ms). */
  tell(at: number): void;
  close(): void;
}

/**
 * Calls `send` with the latest time given, at most once every `everyMs`: the first at once, later
 * ones when the interval is up, so the last time given is never lost.
 */
export function latestEvery(send: (at: number) => void, everyMs: number): SharedActivity {
  let sentAt = Number.NEGATIVE_INFINITY;
  let waiting: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    if (waiting === undefined) return;
    sentAt = waiting;
    waiting = undefined;
    send(sentAt);
  };
  return {
    tell(at) {
      if (timer === undefined && at - sentAt >= everyMs) {
        sentAt = at;
        send(at);
        return;
      }
      waiting = at;
      timer ??= setTimeout(flush, Math.max(0, sentAt + everyMs - at));
    },
    close() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** Shares this tab's use with the kiosk's other tabs; `heard` gets the time another tab was used. */
export function shareActivity(heard: (at: number) => void): SharedActivity {
  if (typeof BroadcastChannel === "undefined") return { tell() {}, close() {} };
  const channel = new BroadcastChannel("chc.kiosk.activity");
  channel.onmessage = (event: MessageEvent<unknown>) => {
    if (typeof event.data === "number" && Number.isFinite(event.data)) heard(event.data);
  };
  const throttled = latestEvery((at) => channel.postMessage(at), SHARE_EVERY_MS);
  return {
    tell: throttled.tell,
    close() {
      throttled.close();
      channel.close();
    },
  };
}
