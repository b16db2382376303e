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
}

export async function serverThenDevice<T>(
  server: () => Promise<T>,
  device: () => Promise<T>,
  options: OnlineFirstOptions = {},
): Promise<T> {
  if (options.online ?? browserOnline()) {
    try {
      return await server();
    } catch (error) {
      if (options.signal?.aborted || options.isFinal?.(error)) throw error;
      // Not reached, or not answering properly: the device's copy answers below.
    }
  }
  return device();
}
