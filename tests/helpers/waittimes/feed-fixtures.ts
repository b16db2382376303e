/** The recorded provincial feed samples in `tests/waittimes/fixtures/`, for parser and ingest tests. */
import { readFileSync } from "node:fs";

const FIXTURES = new URL("../../waittimes/fixtures/", import.meta.url);

export const fixturePath = (name: string) => new URL(name, FIXTURES).pathname;

export const readFixture = (name: string) => readFileSync(new URL(name, FIXTURES), "utf8");

/** 1-based line of the JSON object holding the first occurrence (the fixture's layout may be reformatted). */
export const objLine = (src: string, needle: string) =>
  src.slice(0, src.lastIndexOf("{", src.indexOf(needle))).split("\n").length;
