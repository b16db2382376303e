import { describe, expect, it } from "vitest";
import { formatBytes, readCaches, storageFailureKey } from "./storageFacts";

describe("storage sizes", () => {
  it("writes Mo and Go with a decimal comma in French, MB and GB in English", () => {
    expect(formatBytes(1.5 * 1024 ** 2, "fr")).toBe("1,5\u00a0Mo");
    expect(formatBytes(2.25 * 1024 ** 3, "fr-CA")).toBe("2,3\u00a0Go");
    expect(formatBytes(512, "fr")).toBe("512\u00a0o");
    expect(formatBytes(1.5 * 1024 ** 2, "en")).toBe("1.5\u00a0MB");
    expect(formatBytes(2.25 * 1024 ** 3, "en-CA")).toBe("2.3\u00a0GB");
  });
});

describe("storage the browser refuses", () => {
  it("reads refused Cache Storage as blocked rather than failing the page", async () => {
    const refused = () => Promise.reject(new DOMException("The operation is insecure.", "SecurityError"));
    globalThis.caches = { keys: refused } as unknown as CacheStorage;
    try {
      expect(await readCaches()).toBeNull();
    } finally {
      delete (globalThis as { caches?: CacheStorage }).caches;
    }
  });

  it("names a sync's failure: no room left, storage refused, or anything else", () => {
    expect(storageFailureKey("QuotaExceededError: Encountered full disk while opening backing store")).toBe(
      "full",
    );
    expect(
      storageFailureKey(
        "SecurityError: Failed to execute 'open' on 'IDBFactory': access to the Indexed Database API is denied in this context.",
      ),
    ).toBe("blocked");
    expect(storageFailureKey("TypeError: Failed to fetch")).toBe("other");
    expect(storageFailureKey(null)).toBeNull();
  });
});
