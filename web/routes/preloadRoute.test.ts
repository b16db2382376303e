import type { RouteDefinition } from "@solidjs/router";
import { describe, expect, it } from "vitest";
import { preloadRoute } from "./preloadRoute";

/** Routes whose components record which one was asked to preload. */
function recordingRoutes(paths: string[]): { routes: RouteDefinition[]; preloaded: string[] } {
  const preloaded: string[] = [];
  const routes = paths.map((path) => {
    const component = Object.assign(() => null, {
      preload: async () => {
        preloaded.push(path);
      },
    });
    return { path, component } as RouteDefinition;
  });
  return { routes, preloaded };
}

describe("preloadRoute", () => {
  const paths = ["/", "/waits", "/waits/compare", "/waits/:id", "/services/:id", "*404"];

  it.each([
    ["/", "/"],
    ["/waits", "/waits"],
    ["/waits/", "/waits"],
    ["/waits/compare", "/waits/compare"],
    ["/waits/abc-1", "/waits/:id"],
    ["/services/9", "/services/:id"],
    ["/nothing/here", "*404"],
  ])("preloads the first route matching %s (%s)", (pathname, expected) => {
    const { routes, preloaded } = recordingRoutes(paths);
    preloadRoute(routes, pathname);
    expect(preloaded).toEqual([expected]);
  });

  it("leaves a component without preload (drawn with the first bundle) alone", () => {
    expect(() => preloadRoute([{ path: "/", component: () => null }], "/")).not.toThrow();
  });
});
