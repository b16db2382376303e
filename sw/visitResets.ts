// A kiosk's reset as the service worker sees it. The page's reset empties the API cache, but an
// answer the worker was still waiting for (a search on a slow connection) arrives afterwards and
// would be cached for the next person. So the reset tells the worker (FORGET_VISIT); the worker
// empties its caches itself and, from then on, caches no answer to a request that started before
// that reset, nor to any later request of the tab that asked (the page being left). Pure, so it is
// tested in Node (visitResets.test.ts); sw.ts wires it into the API route's plugins.

/** The message a kiosk reset posts to the worker that controls its page. */
export const FORGET_VISIT_MESSAGE = "FORGET_VISIT";

/** True for the message a kiosk reset posts (see FORGET_VISIT_MESSAGE). */
export function isForgetVisitMessage(data: unknown): boolean {
  return (
    typeof data === "object" && data !== null && (data as { type?: unknown }).type === FORGET_VISIT_MESSAGE
  );
}

/** What a request carries from its start to the moment its answer could be cached. */
export interface RequestStamp {
  resets: number;
  clientId: string;
}

/** Tabs that asked to forget, kept at most this many (the oldest are long gone). */
const MAX_FORGOTTEN_TABS = 64;

export class VisitResets {
  private resets = 0;
  private readonly forgotten: string[] = [];

  /** Taken as a request starts; `clientId` is the page's (empty for navigations). */
  stamp(clientId: string): RequestStamp {
    return { resets: this.resets, clientId };
  }

  /** A reset asked by the page `clientId`: what started before it, or comes later from that page, is the visit's. */
  record(clientId: string | undefined): void {
    this.resets += 1;
    if (!clientId || this.forgotten.includes(clientId)) return;
    this.forgotten.push(clientId);
    if (this.forgotten.length > MAX_FORGOTTEN_TABS) this.forgotten.shift();
  }

  /** True when the answer to the stamped request may be cached; a request never stamped may not. */
  mayStore(stamp: RequestStamp | undefined): boolean {
    if (!stamp) return false;
    return stamp.resets === this.resets && !(stamp.clientId && this.forgotten.includes(stamp.clientId));
  }
}
