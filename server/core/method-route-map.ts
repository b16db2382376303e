/**
 * Values kept per HTTP method and route, looked up on every request (the access log's escaped
 * fields, the route metrics' buckets). Two map lookups instead of building and hashing a
 * "METHOD route" key each time, and nothing to split back apart: a route may hold any character.
 * Routes are templates and Node refuses unknown methods, so the entries stay few; none is removed.
 */
export class MethodRouteMap<V> {
  private readonly byMethod = new Map<string, Map<string, V>>();

  /**
   * The value for this pair, made by `make` the first time the pair is seen. `make` takes the pair
   * rather than capturing it, so a caller passes one function made once, not a closure a request.
   */
  getOrAdd(method: string, route: string, make: (method: string, route: string) => V): V {
    let byRoute = this.byMethod.get(method);
    if (!byRoute) {
      byRoute = new Map();
      this.byMethod.set(method, byRoute);
    }
    let value = byRoute.get(route);
    if (value === undefined) {
      value = make(method, route);
      byRoute.set(route, value);
    }
    return value;
  }

  get(method: string, route: string): V | undefined {
    return this.byMethod.get(method)?.get(route);
  }

  /** Every value, method by method, each method's routes in the order first seen. */
  *values(): IterableIterator<V> {
    for (const byRoute of this.byMethod.values()) yield* byRoute.values();
  }
}
