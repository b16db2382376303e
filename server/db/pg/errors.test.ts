import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./errors.js";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it("takes a database that is down, restarting, cut off or too slow for a passing outage", () => {
    for (const err of [
      withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"),
      withCode("terminating connection due to administrator command", "57P01"),
      withCode("the database system is starting up", "57P03"),
      withCode("canceling statement due to statement timeout", "57014"),
      withCode("sorry, too many clients already", "53300"),
      withCode("connection failure", "08006"),
      new Error("timeout exceeded when trying to connect"),
      new Error("Connection terminated unexpectedly"),
      new Error("Query read timeout"),
      new AggregateError([withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")], ""),
    ])
      expect(isDatabaseUnavailable(err), err.message).toBe(true);
  });

  it("leaves a fault in a statement or the data to the 500 path", () => {
    for (const err of [
      withCode('syntax error at or near "SELEC"', "42601"),
      withCode('relation "nowhere" does not exist', "42P01"),
      withCode("duplicate key value violates unique constraint", "23505"),
      new TypeError("Cannot read properties of undefined"),
      "a string thrown",
    ])
      expect(isDatabaseUnavailable(err)).toBe(false);
  });
});
