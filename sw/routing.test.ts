import { describe, expect, it } from "vitest";
import { isCacheableApiRead, isShellNavigation, isSkipWaitingMessage, isStorableResponse } from "./routing";

const origin = "http://127.0.0.1:8080";
const facts = (path: string, method = "GET", extra: Partial<{ origin: string; auth: boolean }> = {}) => ({
  url: new URL(path, extra.origin ?? origin),
  method,
  origin,
  hasAuthorization: extra.auth ?? false,
});

describe("isCacheableApiRead", () => {
  it("accepts same-origin API GETs of every service", () => {
    expect(isCacheableApiRead(facts("/api/hospitals?province=ON"))).toBe(true);
    expect(isCacheableApiRead(facts("/api/v1/services?q=food"))).toBe(true);
    expect(isCacheableApiRead(facts("/api/search?q=measles"))).toBe(true);
    expect(isCacheableApiRead(facts("/api/openapi.json"))).toBe(true);
  });

  it("refuses writes, other origins, non-API paths and authorised requests", () => {
    expect(isCacheableApiRead(facts("/api/hospitals", "POST"))).toBe(false);
    expect(isCacheableApiRead(facts("/api/hospitals", "GET", { origin: "http://127.0.0.1:8081" }))).toBe(
      false,
    );
    expect(isCacheableApiRead(facts("/settings"))).toBe(false);
    expect(isCacheableApiRead(facts("/apix/hospitals"))).toBe(false);
    expect(isCacheableApiRead(facts("/api/hospitals", "GET", { auth: true }))).toBe(false);
  });

  it("leaves the directory sync's pages to the network", () => {
    expect(isCacheableApiRead(facts("/api/v1/services?changed_after=0&limit=500"))).toBe(false);
    expect(isCacheableApiRead(facts("/api/v1/services?updated_since=2026-01-01T00:00:00Z"))).toBe(true);
  });

  it("never caches account-bound directory paths", () => {
    expect(isCacheableApiRead(facts("/api/v1/auth/me"))).toBe(false);
    expect(isCacheableApiRead(facts("/api/v1/admin/observability"))).toBe(false);
    expect(isCacheableApiRead(facts("/api/v1/health"))).toBe(false);
    expect(isCacheableApiRead(facts("/api/v1/services/abc"))).toBe(true);
  });

  it("never caches live health or export downloads", () => {
    expect(isCacheableApiRead(facts("/api/health"))).toBe(false);
    expect(isCacheableApiRead(facts("/api/health?details=1"))).toBe(false);
    expect(isCacheableApiRead(facts("/api/exports/abc/download"))).toBe(false);
    expect(isCacheableApiRead(facts("/api/healthcare-teams"))).toBe(true);
  });
});

describe("isShellNavigation", () => {
  it("serves app pages, including the observability page, from the shell", () => {
    for (const p of ["/", "/search", "/waits", "/settings", "/admin/observability", "/apiary"]) {
      expect(isShellNavigation(p)).toBe(true);
    }
  });

  it("leaves server paths to the network", () => {
    for (const p of ["/api", "/api/", "/api/v1/services", "/metrics", "/metrics/x"]) {
      expect(isShellNavigation(p)).toBe(false);
    }
  });
});

describe("isSkipWaitingMessage", () => {
  it("recognises only the SKIP_WAITING message", () => {
    expect(isSkipWaitingMessage({ type: "SKIP_WAITING" })).toBe(true);
    expect(isSkipWaitingMessage({ type: "OTHER" })).toBe(false);
    expect(isSkipWaitingMessage("SKIP_WAITING")).toBe(false);
    expect(isSkipWaitingMessage(null)).toBe(false);
  });
});

describe("isStorableResponse", () => {
  it("stores plain 200 answers, including no-cache ones (revalidated on the next read anyway)", () => {
    expect(isStorableResponse(200, null)).toBe(true);
    expect(isStorableResponse(200, "no-cache")).toBe(true);
    expect(isStorableResponse(200, "public, max-age=60")).toBe(true);
  });

  it("refuses errors and answers marked no-store or private", () => {
    expect(isStorableResponse(404, null)).toBe(false);
    expect(isStorableResponse(503, null)).toBe(false);
    expect(isStorableResponse(200, "no-store")).toBe(false);
    expect(isStorableResponse(200, "Private, max-age=0")).toBe(false);
  });
});
