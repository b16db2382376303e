// The one place that decides between the server and the device's copy. The browser's own
// `navigator.onLine` says when trying the network is pointless; otherwise the server is asked first
// and the device copy answers when it cannot be reached (or answers with a failure the caller does
// not treat as final, such as a 503). A refusal the caller marks final (say, a 404 for an unknown
// hospital) is passed on: the copy would only hide it.

/** False only when the browser knows it has no network. */
export const browserOnline = (): boolean => typeof navigator === "undefined" || navigator.onLine !== false;

export interface OnlineFirstOptions {
  /** Overrides the browser's flag (pages pass the app's online signal). */
  online?: boolean;
  signal?: AbortSignal;
  /** Errors that end the read instead of falling back on the device copy. */
  isFinal?: (error: unknown) => boolean;
  /**
   * How long the server may take before the device's copy answers, when it holds one (the server's
   * request is then dropped). A weak signal can hold a request for a minute without failing it.
   * Without a copy the server is still waited for.
   */
  patienceMs?: number;
}

export async function serverThenDevice<T>(
  server: (signal: AbortSignal) => Promise<T>,
  device: () => Promise<T>,
  options: OnlineFirstOptions = {},
): Promise<T> {
  if (options.online ?? browserOnline()) {
    const asking = new AbortController();
    const stop = () => asking.abort();
    options.signal?.addEventListener("abort", stop, { once: true });
    try {
      return await withPatience(server(asking.signal), device, asking, options.patienceMs);
    } catch (error) {
      if (options.signal?.aborted || options.isFinal?.(error)) throw error;
      // Not reached, or not answering properly: the device's copy answers below.
    } finally {
      options.signal?.removeEventListener("abort", stop);
    }
  }
  return device();
}

/** The server's answer, or the device's once `patienceMs` has passed and the device can answer. */
function withPatience<T>(
  fromServer: Promise<T>,
  device: () => Promise<T>,
  asking: AbortController,
  patienceMs: number | undefined,
): Promise<T> {
  if (patienceMs === undefined) return fromServer;
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      done();
    };
    const timer = setTimeout(() => {
      device().then(
        (answer) =>
          settle(() => {
            asking.abort();
            resolve(answer);
          }),
        () => undefined, // no copy to answer with: the server is waited for
      );
    }, patienceMs);
    fromServer.then(
      (answer) => settle(() => resolve(answer)),
      (error) => settle(() => reject(error)),
    );
  });
}
