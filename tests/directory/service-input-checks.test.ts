/**
 * Input a service record cannot hold is a 400 naming the field, written nowhere, on sql.js and on
 * PostgreSQL alike: a date that is not on the calendar and a time zone nobody has (either broke
 * every full HSDS read later), a location listed twice, and a NUL character or half of a character
 * (an unpaired surrogate, stored as U+FFFD instead of what was acknowledged) in a body, a path or
 * a sign-in, a service with no name in English, and an opening that closes when it opens.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD } from "../helpers/directory/accounts.js";
import { signedIn, startDemoDirectory } from "../helpers/directory/demo-directory.js";
import { editable, readService } from "../helpers/directory/service-edits.js";
import { BACKENDS, pgBackend } from "../helpers/pg-backend.js";
import type { TestServer } from "../helpers/server.js";

const backends = pgBackend();
afterAll(() => backends.close());

/** Partner A's service, the model of each new record below. */
const OWN = "partners-in-mission-food-bank";

describe.each(BACKENDS)("on %s", (backend) => {
  let server: TestServer;
  let partner: string;
  beforeAll(async () => {
    server = await startDemoDirectory(await backends.databaseUrl(backend));
    [partner] = await signedIn(server, "partnerA");
  }, 60_000);
  afterAll(() => server?.close());

  const create = (patch: (base: ReturnType<typeof editable>) => Record<string, unknown>) =>
    readService(server.baseUrl, OWN).then((own) =>
      fetch(`${server.baseUrl}/api/v1/services`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${partner}` },
        body: JSON.stringify({ ...patch(editable(own)), id: "checked-pantry" }),
      }),
    );
  const refused = async (res: Response, field: string, says: string) => {
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toBe("ValidationError");
    expect(body.message).toContain(`"${field}"`);
    expect(body.message).toContain(says);
  };
  const schedule = { timezone: "America/Toronto", weekly: [], exceptions: [], notes: null };

  it("refuses a closing date that is not on the calendar, and a time zone nobody has", async () => {
    const exception = { date: "2026-13-45", closed: true, opens: null, closes: null, note: null };
    await refused(
      await create((s) => ({ ...s, schedule: { ...schedule, exceptions: [exception] } })),
      "schedule.exceptions.0.date",
      "exists on the calendar",
    );
    await refused(
      await create((s) => ({ ...s, schedule: { ...schedule, timezone: "Mars/Olympus_Mons" } })),
      "schedule.timezone",
      "IANA time zone",
    );
    expect((await fetch(`${server.baseUrl}/api/v1/services/checked-pantry`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/api/hsds/services?full=true&per_page=200`)).status).toBe(200);
  });

  it("refuses a record listing one location twice", async () => {
    await refused(
      await create((s) => ({ ...s, locations: [s.locations[0], s.locations[0]] })),
      "locations.1.id",
      "listed twice",
    );
  });

  it("refuses a NUL character in a body field, a path and a sign-in", async () => {
    await refused(
      await create((s) => ({ ...s, description: { en: "a\u0000b", fr: "a" } })),
      "description.en",
      "NUL character",
    );
    await refused(await fetch(`${server.baseUrl}/api/v1/services/a%00b/history`), "id", "NUL character");
    const login = await fetch(`${server.baseUrl}/api/v1/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "a\u0000@example.org", password: PASSWORD, mode: "bearer" }),
    });
    await refused(login, "email", "NUL character");
  });

  it("refuses half a character (an unpaired surrogate, which JSON can carry) in a body field", async () => {
    // It was acknowledged (201), then read back as three U+FFFD on sql.js and one on PostgreSQL:
    // UTF-8 cannot write half a character.
    await refused(
      await create((s) => ({ ...s, name: { en: "Pantry \ud800", fr: "Comptoir" } })),
      "name.en",
      "half of a character",
    );
    expect((await fetch(`${server.baseUrl}/api/v1/services/checked-pantry`)).status).toBe(404);
  });

  it("refuses a service without a name in English (spaces are none), and takes one whose French name waits", async () => {
    for (const name of [
      { en: "", fr: "" },
      { en: "   ", fr: "  " },
      { en: "", fr: "Comptoir" },
    ]) {
      await refused(await create((s) => ({ ...s, name })), "name.en", "a name in English");
      expect((await fetch(`${server.baseUrl}/api/v1/services/checked-pantry`)).status).toBe(404);
    }
    const own = await readService(server.baseUrl, OWN);
    const put = await fetch(`${server.baseUrl}/api/v1/services/${OWN}`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${partner}` },
      body: JSON.stringify({ ...editable(own), version: own.version, name: { en: " ", fr: "" } }),
    });
    await refused(put, "name.en", "a name in English");
    expect((await readService(server.baseUrl, OWN)).version).toBe(own.version);

    const created = await fetch(`${server.baseUrl}/api/v1/services`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${partner}` },
      body: JSON.stringify({
        ...editable(own),
        id: "pantry-french-later",
        locations: [],
        name: { en: " Pantry ", fr: " " },
      }),
    });
    expect(created.status).toBe(201);
    expect((await readService(server.baseUrl, "pantry-french-later")).name).toEqual({ en: "Pantry", fr: "" });
  });

  it("refuses an opening that closes when it opens, and takes hours past midnight and a whole day", async () => {
    const weekly = (opens: string, closes: string) => ({
      ...schedule,
      weekly: [{ day: "mo", opens, closes }],
    });
    await refused(
      await create((s) => ({ ...s, schedule: weekly("08:30", "08:30") })),
      "schedule.weekly.0.closes",
      "other than the opening time",
    );
    await refused(
      await create((s) => ({ ...s, schedule: weekly("24:00", "00:00") })),
      "schedule.weekly.0.closes",
      "other than the opening time",
    );
    const exception = { date: "2026-12-24", closed: false, opens: "12:00", closes: "12:00", note: null };
    await refused(
      await create((s) => ({ ...s, schedule: { ...schedule, exceptions: [exception] } })),
      "schedule.exceptions.0.closes",
      "other than the opening time",
    );
    expect((await fetch(`${server.baseUrl}/api/v1/services/checked-pantry`)).status).toBe(404);

    const own = await readService(server.baseUrl, OWN);
    const nights = {
      ...schedule,
      weekly: [...weekly("17:00", "09:00").weekly, ...weekly("00:00", "24:00").weekly],
    };
    const put = await fetch(`${server.baseUrl}/api/v1/services/${OWN}`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${partner}` },
      body: JSON.stringify({ ...editable(own), version: own.version, schedule: nights }),
    });
    expect(put.status).toBe(200);
    expect((await readService(server.baseUrl, OWN)).schedule?.weekly).toEqual(nights.weekly);
  });
});
