/** Shard keys of an annual edition. */
import { describe, expect, it } from "vitest";
import { planShards } from "./shards.js";

const O = "https://health.example.ca";

describe("shard keys", () => {
  const urls = [
    ...Array.from({ length: 30 }, (_, i) => `${O}/en/topics/t${String(i).padStart(2, "0")}/`),
    ...Array.from({ length: 12 }, (_, i) => `${O}/en/topics/big/p${i}.html`),
    `${O}/en/`,
    `${O}/en/news/`,
    ...Array.from({ length: 25 }, (_, i) => `${O}/en/files/f${String(i).padStart(2, "0")}.pdf`),
  ];
  const entries = [...urls.map((url) => ({ url, language: "en" })), { url: `${O}/fr/`, language: "fr" }];

  it("keeps every shard under the limit, under its prefix, and gives the same keys for the same ledger", () => {
    const shards = planShards(entries, 10);
    const all = [...shards.values()].flat();
    expect(all.sort()).toEqual(entries.map((e) => e.url).sort());
    for (const [key, list] of shards) {
      expect(list.length).toBeLessThanOrEqual(10);
      const [prefix, language] = key.split("|");
      for (const u of list) expect(new URL(u).pathname.startsWith(prefix)).toBe(true);
      expect(["en", "fr"]).toContain(language);
    }
    expect([...planShards([...entries].reverse(), 10).keys()].sort()).toEqual([...shards.keys()].sort());
    // Directories too big are split by sub-directory, the small ones packed in path order and
    // numbered; files directly in one directory are cut in path order.
    expect(new Map([...shards].map(([k, v]) => [k, v.length]))).toEqual(
      new Map([
        ["/en/files/|en|1", 10],
        ["/en/files/|en|2", 10],
        ["/en/files/|en|3", 5],
        ["/en/topics/big/|en|1", 10],
        ["/en/topics/big/|en|2", 2],
        ["/en/topics/|en|1", 10],
        ["/en/topics/|en|2", 10],
        ["/en/topics/|en|3", 10],
        ["/en/|en", 2],
        ["/|fr", 1],
      ]),
    );
    expect(shards.get("/en/|en")).toEqual([`${O}/en/`, `${O}/en/news/`]);
    expect(planShards(entries, 1000)).toEqual(
      new Map([
        ["/|en", urls.sort()],
        ["/|fr", [`${O}/fr/`]],
      ]),
    );
  });
});
