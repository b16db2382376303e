import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../tests/helpers/server";
import { ApiError, apiAnswer, apiData, apiRequest, isApiError } from "./client";
import { serverThenDevice } from "./onlineFirst";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("apiRequest against the real server", () => {
  it("resolves a 2xx answer's body, with its headers on request", async () => {
    const body = await apiRequest<{ status: string }>(`${server.baseUrl}/api/health`);
    expect(body.status).toBe("ok");
    const { headers } = await apiAnswer(`${server.baseUrl}/api/health`);
    expect(headers.get("content-type")).toMatch(/json/);
  });

  it("turns an error envelope into one ApiError with its status, type and message", async () => {
    const failure = await apiRequest(`${server.baseUrl}/api/no/such/path`).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 404, error: "NotFound" });
    expect((failure as ApiError).message).not.toMatch(/answered/);
    expect(isApiError(failure, 404)).toBe(true);
    expect(isApiError(failure, 400)).toBe(false);
  });

  it("keeps a 400's body so the fields it names can be read", async () => {
    const failure = await apiData(`${server.baseUrl}/api/v1/search/services`, {
      method: "POST",
      body: { query: 42 },
    }).catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 400, error: "ValidationError" });
    expect((failure as ApiError).body).toMatchObject({ success: false, error: "ValidationError" });
  });

  it("rejects a 2xx body its check refuses with a plain Error, not an ApiError", async () => {
    const failure = await apiRequest<{ status?: unknown }>(`${server.baseUrl}/api/health`, {
      check: (body) => body.status === "never",
    }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(ApiError);
    expect((failure as Error).message).toMatch(/unexpected body/);
  });

  it("leaves a network failure as the browser's error", async () => {
    const failure = await apiRequest("http://127.0.0.1:9/api/health").catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(TypeError);
  });
});

describe("serverThenDevice", () => {
  const device = async () => "device";
  it("answers from the server when it is reached", async () => {
    expect(await serverThenDevice(async () => "server", device, { online: true })).toBe("server");
  });

  it("answers from the device when the server cannot be reached, or without asking it offline", async () => {
    const unreachable = () => apiRequest<string>("http://127.0.0.1:9/api/health");
    expect(await serverThenDevice(unreachable, device, { online: true })).toBe("device");
    let asked = false;
    const server = async () => {
      asked = true;
      return "server";
    };
    expect(await serverThenDevice(server, device, { online: false })).toBe("device");
    expect(asked).toBe(false);
  });

  it("answers from the device once the server has kept it waiting past its patience, and drops the request", async () => {
    let dropped = false;
    const held = (signal: AbortSignal) =>
      new Promise<string>((_, reject) =>
        signal.addEventListener("abort", () => {
          dropped = true;
          reject(new Error("aborted"));
        }),
      );
    expect(await serverThenDevice(held, device, { online: true, patienceMs: 20 })).toBe("device");
    expect(dropped).toBe(true);
    // Without a copy on the device, the server is still waited for.
    const noCopy = () => Promise.reject(new Error("no copy"));
    const slow = () => new Promise<string>((resolve) => setTimeout(() => resolve("server"), 80));
    expect(await serverThenDevice(slow, noCopy, { online: true, patienceMs: 20 })).toBe("server");
    // A prompt answer is the server's.
    expect(await serverThenDevice(async () => "server", device, { online: true, patienceMs: 20 })).toBe(
      "server",
    );
  });

  it("passes on a refusal the caller marks final", async () => {
    const refused = () => apiRequest<string>(`${server.baseUrl}/api/no/such/path`);
    await expect(
      serverThenDevice(refused, device, { online: true, isFinal: (e) => isApiError(e, 404) }),
    ).rejects.toMatchObject({ status: 404 });
  });
});
