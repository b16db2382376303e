import { expect, it } from "vitest";
import { MethodRouteMap } from "./method-route-map.js";

it("makes a pair's value once and keeps pairs apart whatever their routes hold", () => {
  const map = new MethodRouteMap<{ n: number; pair: string }>();
  let made = 0;
  const make = (method: string, route: string) => ({ n: ++made, pair: `${method}|${route}` });
  const first = map.getOrAdd("GET", "/a", make);
  expect(map.getOrAdd("GET", "/a", make)).toBe(first);
  map.getOrAdd("POST", "/a", make);
  map.getOrAdd("GET", "/a b", make);
  map.getOrAdd("GET a", "/b", make);
  expect(made).toBe(4);
  expect(map.get("GET", "/a b")).toEqual({ n: 3, pair: "GET|/a b" });
  expect(map.get("GET a", "/b")).toEqual({ n: 4, pair: "GET a|/b" });
  expect(map.get("DELETE", "/a")).toBeUndefined();
  expect([...map.values()].map((v) => v.n)).toEqual([1, 3, 2, 4]);
});
