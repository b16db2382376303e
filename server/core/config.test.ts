import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";

/** The one-line message loadConfig refuses an environment with ("" when it accepts it). */
function messageOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
    return "";
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
}

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
    expect(c.QUICK_EXIT_URL).toBe("https://www.google.ca");
    expect(c).toMatchObject({
      WAITTIMES_DEMO_SCALE: "small",
      ARCHIVE_MAX_RETRIES: 3,
      ARCHIVE_DEMO_CRAWL: true,
      ARCHIVE_SHARD_MAX_URLS: 500,
      ARCHIVE_CAMPAIGN_MONTH: 1,
    });
  });

  it("names the variable in a one-line message when a value is bad", () => {
    for (const [env, name] of [
      [{ PORT: "eighty" }, "PORT"],
      [{ PORT: "70000" }, "PORT"],
      [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
      [{ DEMO_DATA: "maybe" }, "DEMO_DATA"],
      // Module variables go through the same check (a bad demo scale was once taken as "small").
      [{ WAITTIMES_DEMO_SCALE: "huge" }, "WAITTIMES_DEMO_SCALE"],
      [{ WAITTIMES_POLL_INTERVAL_SECONDS: "soon" }, "WAITTIMES_POLL_INTERVAL_SECONDS"],
      [{ WAITTIMES_BC_PHSA_URL: "file:///etc/passwd" }, "WAITTIMES_BC_PHSA_URL"],
      [{ ARCHIVE_MAX_RETRIES: "-1" }, "ARCHIVE_MAX_RETRIES"],
      [{ ARCHIVE_DEMO_CRAWL: "perhaps" }, "ARCHIVE_DEMO_CRAWL"],
      [{ ARCHIVE_HC_PING_REPLAY_SMOKE: "not a url" }, "ARCHIVE_HC_PING_REPLAY_SMOKE"],
      [{ ARCHIVE_SHARD_MAX_URLS: "0" }, "ARCHIVE_SHARD_MAX_URLS"],
      [{ ARCHIVE_SHARD_MAX_URLS: "5000" }, "ARCHIVE_SHARD_MAX_URLS"],
      [{ ARCHIVE_CAMPAIGN_MONTH: "13" }, "ARCHIVE_CAMPAIGN_MONTH"],
      [{ ARCHIVE_CAMPAIGN_MONTH: "january" }, "ARCHIVE_CAMPAIGN_MONTH"],
      // The quick exit must leave for a web page, never run script or open a file.
      [{ QUICK_EXIT_URL: "javascript:alert(1)" }, "QUICK_EXIT_URL"],
      [{ QUICK_EXIT_URL: "weather.gc.ca" }, "QUICK_EXIT_URL"],
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
    // The scheme forgotten: refused at start, since the webhook gets no test message then.
    expect(() => loadConfig({ ALERT_WEBHOOK_URL: "hooks.slack.com/services/T0/B0/x" })).toThrow(
      /ALERT_WEBHOOK_URL/,
    );
  });
});

describe("ARCHIVE_ADMIN_TOKEN", () => {
  it("refuses a token shorter than 16 characters, without echoing the secret", () => {
    for (const token of ["x", "fifteen-chars-1"]) {
      try {
        loadConfig({ ARCHIVE_ADMIN_TOKEN: token });
        expect.unreachable();
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        expect((err as Error).message).toContain("ARCHIVE_ADMIN_TOKEN");
        expect((err as Error).message).toContain("16");
        expect((err as Error).message).not.toContain(token);
      }
    }
    expect(loadConfig({ ARCHIVE_ADMIN_TOKEN: "sixteen-chars-16" }).ARCHIVE_ADMIN_TOKEN).toBe(
      "sixteen-chars-16",
    );
  });
});

describe("secret values in start-up errors", () => {
  it("names the variable but hides the value of keys, webhooks and ping URLs", () => {
    for (const name of ["AI_BASE_URL", "ALERT_WEBHOOK_URL", "ARCHIVE_HC_PING_REPLAY_SMOKE"]) {
      const secret = "ftp://hc.example.org/ping/7f9c2ba4-e88f-11e7";
      const message = (() => {
        try {
          loadConfig({ [name]: secret });
          return "";
        } catch (err) {
          return (err as Error).message;
        }
      })();
      expect(message).toContain(name);
      // AI_BASE_URL is not a secret and stays visible, which helps fix a typo.
      if (name === "AI_BASE_URL") expect(message).toContain(secret);
      else expect(message).not.toContain("7f9c2ba4");
    }
  });
});

describe("alert e-mail", () => {
  const mail = {
    ALERT_SMTP_URL: "smtps://alerts:relay-pass-9f2c@mail.example.ca:465",
    ALERT_MAIL_FROM: "alerts@example.ca",
    ALERT_MAIL_TO: "oncall@example.ca, backup@example.ca",
  };

  it("takes the relay, the sender and a comma-separated list of mailboxes, with two retries by default", () => {
    expect(loadConfig(mail)).toMatchObject({
      ALERT_SMTP_URL: mail.ALERT_SMTP_URL,
      ALERT_MAIL_FROM: "alerts@example.ca",
      ALERT_MAIL_TO: ["oncall@example.ca", "backup@example.ca"],
      ALERT_RETRIES: 3,
    });
    expect(loadConfig({}).ALERT_MAIL_TO).toBeUndefined();
  });

  it("names what is wrong or missing in one line, never showing the relay's password", () => {
    expect(messageOf({ ...mail, ALERT_SMTP_URL: "https://alerts:relay-pass-9f2c@mail.example.ca" })).toMatch(
      /^Invalid environment variable ALERT_SMTP_URL=\(hidden\): must be an smtp:\/\/ or smtps:\/\/ URL$/,
    );
    expect(messageOf({ ...mail, ALERT_MAIL_TO: "oncall@example.ca, not-an-address" })).toMatch(
      /^Invalid environment variable ALERT_MAIL_TO=.*must be e-mail addresses separated by commas/,
    );
    expect(messageOf({ ...mail, ALERT_MAIL_FROM: "alerts" })).toMatch(
      /ALERT_MAIL_FROM=.*must be one e-mail address/,
    );
    const partial = messageOf({ ALERT_SMTP_URL: mail.ALERT_SMTP_URL });
    expect(partial).toMatch(/^Missing environment variable ALERT_MAIL_FROM, ALERT_MAIL_TO: /);
    expect(partial).not.toContain("relay-pass-9f2c");
    expect(messageOf({ ...mail, ALERT_RETRIES: "9" })).toMatch(
      /^Invalid environment variable ALERT_RETRIES=/,
    );
  });
});

describe("TRUST_PROXY", () => {
  it("is a number of proxy hops: 0 by default, 1 for true, any count up to 10", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(0);
    expect(loadConfig({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "off" }).TRUST_PROXY).toBe(0);
    expect(loadConfig({ TRUST_PROXY: "3" }).TRUST_PROXY).toBe(3);
    for (const bad of ["-1", "11", "1.5", "maybe"])
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
  });
});

describe("PostgreSQL settings", () => {
  it("defaults to sql.js with one process and pools of 10", () => {
    const c = loadConfig({});
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c).toMatchObject({ DATABASE_POOL_SIZE: 10, WORKERS: 1 });
    const pg = loadConfig({ DATABASE_URL: "postgresql://app:pw@db.local/chc", WORKERS: "4" });
    expect(pg).toMatchObject({ DATABASE_URL: "postgresql://app:pw@db.local/chc", WORKERS: 4 });
  });

  it("takes only postgres:// URLs and never echoes one, since it holds a password", () => {
    for (const bad of ["mysql://app:s3cretpw@db/chc", "s3cretpw", "http://app:s3cretpw@db/chc"]) {
      const message = messageOf({ DATABASE_URL: bad });
      expect(message).toMatch(/^Invalid environment variable DATABASE_URL=\(hidden\): .*postgres:\/\//);
      expect(message).not.toContain("s3cretpw");
      expect(message).not.toContain("\n");
    }
  });

  it("checks the pool size and the number of workers", () => {
    for (const [env, name] of [
      [{ DATABASE_POOL_SIZE: "0" }, "DATABASE_POOL_SIZE"],
      [{ DATABASE_POOL_SIZE: "many" }, "DATABASE_POOL_SIZE"],
      [{ WORKERS: "0" }, "WORKERS"],
      [{ WORKERS: "1.5" }, "WORKERS"],
    ] as const)
      expect(messageOf(env)).toMatch(new RegExp(`^Invalid environment variable ${name}=`));
  });

  it("refuses several workers on sql.js in one line", () => {
    const message = messageOf({ WORKERS: "2" });
    expect(message).toMatch(/^Invalid environment variable WORKERS=2: .*DATABASE_URL/);
    expect(message).not.toContain("\n");
  });
});
