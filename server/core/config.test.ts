import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";

describe("loadConfig", () => {
  it("applies the documented defaults", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 8080,
      HOST: "127.0.0.1",
      REPLAY_PORT: 8081,
      LOG_LEVEL: "info",
      DEMO_DATA: true,
    });
    expect(c.DATA_DIR).toBe(path.resolve("./data"));
    expect(c.ARCHIVE_ADMIN_TOKEN).toBeUndefined();
  });

  it("names the variable in a one-line message when a value is bad", () => {
    for (const [env, name] of [
      [{ PORT: "eighty" }, "PORT"],
      [{ PORT: "70000" }, "PORT"],
      [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
      [{ DEMO_DATA: "maybe" }, "DEMO_DATA"],
    ] as const) {
      try {
        loadConfig(env);
        expect.unreachable();
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        expect((err as Error).message).toContain(name);
        expect((err as Error).message).not.toContain("\n");
      }
    }
  });
});

describe("optional upstream URLs", () => {
  it("accepts http(s) URLs and refuses other schemes by name", () => {
    expect(loadConfig({ AI_BASE_URL: "http://127.0.0.1:9999/v1/" }).AI_BASE_URL).toBe(
      "http://127.0.0.1:9999/v1",
    );
    expect(() => loadConfig({ GEOCODER_URL: "ftp://example.org" })).toThrow(/GEOCODER_URL/);
    expect(() => loadConfig({ ALERT_WEBHOOK_URL: "not a url" })).toThrow(/ALERT_WEBHOOK_URL/);
  });
});
