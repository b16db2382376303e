import { rmSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNTS, bearer, ORG_A, prepareDirectoryData } from "../helpers/directory/accounts";
import { editable, readService } from "../helpers/directory/service-edits";
import { type BrowserApp, startBrowserApp, waitForServiceWorkerControl } from "./helpers/app";
import { DESKTOP } from "./helpers/browser";
import { addRows, readStore, waitForStore } from "./helpers/idb";
import { editElsewhere, SERVICE, SERVICE_NAME } from "./helpers/partner";
import { signInThroughPage } from "./helpers/sign-in";

// Polls wait on real server round trips on a shared 2-core machine: allow them time.
const SLOW = { timeout: 15_000 };
let app: BrowserApp;
let dataDir: string;
let page: Page;
beforeAll(async () => {
  dataDir = await prepareDirectoryData();
  app = await startBrowserApp({ dataDir });
  page = await app.newPage({ viewport: DESKTOP });
  await page.goto("/partner");
  await waitForServiceWorkerControl(page);
  await signInThroughPage(page, ACCOUNTS.partnerA);
  await page.locator(".pf-services h3").first().waitFor();
});
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const status = () => page.locator(".pf-save-status .pf-status");
const focusedId = () => page.evaluate(() => document.activeElement?.id ?? "");

async function openEditor(): Promise<void> {
  await page.goto("/partner");
  await page.getByRole("link", { name: `Edit ${SERVICE_NAME}` }).click();
  await page.locator("#pf-descriptionEn").waitFor();
}

describe("partner dashboard", () => {
  it("shows a validation error next to the field, moves focus there, then saves once fixed", async () => {
    await openEditor();
    await page.locator("#pf-weekly-0-opens").fill("25:00");
    await page.getByRole("button", { name: "Save changes" }).click();
    const error = page.locator("#pf-weekly-0-opens-error");
    expect(await error.textContent()).toBe("Enter a time as HH:MM, for example 09:00.");
    expect(await page.locator("#pf-weekly-0-opens").getAttribute("aria-describedby")).toBe(
      "pf-weekly-0-opens-error",
    );
    expect(await focusedId()).toBe("pf-weekly-0-opens");
    expect((await readService(app.baseUrl, SERVICE)).version).toBe(1); // nothing was sent

    await page.locator("#pf-weekly-0-opens").fill("09:00");
    await page.locator("#pf-descriptionEn").fill("Free groceries for households in the Kingston area.");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => status().textContent(), SLOW).toBe("Saved as version 2.");
    expect(await error.count()).toBe(0);
    const saved = await readService(app.baseUrl, SERVICE);
    expect(saved.version).toBe(2);
    expect(saved.schedule?.weekly[0].opens).toBe("09:00");
    expect(saved.description.en).toBe("Free groceries for households in the Kingston area.");
  });

  it("requires a name in English under the field; a missing French name is said, and does not block", async () => {
    await openEditor();
    const before = (await readService(app.baseUrl, SERVICE)).version;
    const hint = page.locator("#pf-nameFr-hint");
    expect(await hint.count()).toBe(0);
    await page.locator("#pf-nameFr").fill(" ");
    expect(await hint.textContent()).toBe("No French name yet: pages in French will show the English one.");
    expect(await page.locator("#pf-nameFr").getAttribute("aria-describedby")).toBe("pf-nameFr-hint");
    await page.locator("#pf-nameEn").fill("   ");
    expect(await hint.count()).toBe(0); // no name at all: the error says it
    await page.getByRole("button", { name: "Save changes" }).click();
    expect(await page.locator("#pf-nameEn-error").textContent()).toBe("This field is required.");
    expect(await page.locator(".field-error").count()).toBe(1);
    expect(await focusedId()).toBe("pf-nameEn");
    expect((await readService(app.baseUrl, SERVICE)).version).toBe(before); // nothing was sent
  });

  it("refuses an opening that closes when it opens, with the reason under the closing time", async () => {
    await openEditor();
    const before = (await readService(app.baseUrl, SERVICE)).version;
    await page.locator("#pf-weekly-0-opens").fill("08:30");
    await page.locator("#pf-weekly-0-closes").fill("08:30");
    await page.getByRole("button", { name: "Save changes" }).click();
    expect(await page.locator("#pf-weekly-0-closes-error").textContent()).toBe(
      "The closing time is the same as the opening time. Hours that run past midnight close earlier, for example 17:00 to 09:00.",
    );
    expect(await page.locator("#pf-weekly-0-closes").getAttribute("aria-invalid")).toBe("true");
    expect(await focusedId()).toBe("pf-weekly-0-closes");
    expect((await readService(app.baseUrl, SERVICE)).version).toBe(before); // nothing was sent
  });

  it("flags every mistake on the first save: a phone nobody could dial, a time and an email", async () => {
    await openEditor();
    const before = (await readService(app.baseUrl, SERVICE)).version;
    await page.locator("#pf-phones-0-number").fill("555");
    await page.locator("#pf-weekly-0-closes").fill("5 pm");
    await page.locator("#pf-email").fill("mailto:info@example.org");
    await page.getByRole("button", { name: "Save changes" }).click();
    expect(await page.locator(".field-error").evaluateAll((els) => els.map((e) => e.id))).toEqual([
      "pf-email-error",
      "pf-phones-0-number-error",
      "pf-weekly-0-closes-error",
    ]);
    expect(await page.locator(".pf-save-status").textContent()).toBe(
      "Fix the 3 fields marked above, then save again.",
    );
    expect(await focusedId()).toBe("pf-email");
    expect((await readService(app.baseUrl, SERVICE)).version).toBe(before); // nothing was sent
  });

  it("queues an edit made offline with a visible status, and sends it when the connection returns", async () => {
    await openEditor();
    await page.context().setOffline(true);
    await page.locator("#pf-fees").fill("Free for everyone.");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => status().getAttribute("data-status"), SLOW).toBe("queued");
    expect(await status().textContent()).toBe("Queued: it will be sent when the connection allows.");
    const rows = await readStore<{ subject: { serviceId: string }; body: { fees: string; version: number } }>(
      page,
      "outbox",
    );
    expect(rows.map((r) => [r.subject.serviceId, r.body.fees, r.body.version])).toEqual([
      [SERVICE, "Free for everyone.", 2],
    ]);
    const csrf = await page.evaluate(() => sessionStorage.getItem("chc.csrf"));
    expect(JSON.stringify(rows)).not.toContain(csrf!); // the token is added when sent, never stored
    expect((await readService(app.baseUrl, SERVICE)).fees).toBe("Free.");

    await page.context().setOffline(false);
    await expect.poll(() => status().textContent(), SLOW).toBe("Saved as version 3.");
    expect(await readStore(page, "outbox")).toEqual([]);
    const saved = await readService(app.baseUrl, SERVICE);
    expect([saved.version, saved.fees]).toEqual([3, "Free for everyone."]);
  });

  it("on a conflict shows both versions side by side; keep mine resends against the newer version", async () => {
    await openEditor();
    const theirs = await editElsewhere(app.baseUrl, ACCOUNTS.admin, "Their wording of the description.");
    await page.locator("#pf-descriptionEn").fill("My wording of the description.");
    await page.getByRole("button", { name: "Save changes" }).click();
    const panel = page.locator(".pf-conflict");
    await panel.waitFor();
    expect(await focusedId()).toBe("pf-conflict-heading");
    const row = panel.locator("tr[data-field=description]");
    expect(await row.locator(".pf-mine").textContent()).toContain("My wording of the description.");
    expect(await row.locator(".pf-theirs").textContent()).toContain("Their wording of the description.");
    expect(await panel.locator("tbody tr").count()).toBe(1); // only the description differs

    await page.getByRole("button", { name: `Keep mine (save over version ${theirs})` }).click();
    await expect.poll(() => status().textContent(), SLOW).toBe(`Saved as version ${theirs + 1}.`);
    expect(await panel.count()).toBe(0);
    const saved = await readService(app.baseUrl, SERVICE);
    expect([saved.version, saved.description.en]).toEqual([theirs + 1, "My wording of the description."]);
  });

  it("take theirs drops my change and shows the saved version in the form", async () => {
    await openEditor();
    const theirs = await editElsewhere(app.baseUrl, ACCOUNTS.admin, "Wording chosen by the other editor.");
    await page.locator("#pf-descriptionEn").fill("Wording I will give up.");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.locator(".pf-conflict").waitFor();
    await page.getByRole("button", { name: "Take theirs (discard my change)" }).click();
    await expect
      .poll(() => page.locator("#pf-descriptionEn").inputValue(), SLOW)
      .toBe("Wording chosen by the other editor.");
    expect(await page.locator(".pf-conflict").count()).toBe(0);
    expect(await readStore(page, "outbox")).toEqual([]);
    const saved = await readService(app.baseUrl, SERVICE);
    expect([saved.version, saved.description.en]).toEqual([theirs, "Wording chosen by the other editor."]);
  });

  it("lists the service's history: who changed what, and when", async () => {
    await page.goto("/partner");
    await page.getByRole("link", { name: `History of ${SERVICE_NAME}` }).click();
    const entries = page.locator(".pf-history > li");
    await entries.first().waitFor();
    const current = (await readService(app.baseUrl, SERVICE)).version;
    expect(await entries.count()).toBe(current - 1); // every edit since the seed
    const newest = entries.first();
    expect(await newest.locator("h2").textContent()).toBe(`Changed (version ${current})`);
    expect(await newest.textContent()).toContain(`By ${ACCOUNTS.admin}`);
    const mine = page.locator(`.pf-history > li[data-version="${current - 1}"]`);
    expect(await mine.textContent()).toContain(`By ${ACCOUNTS.partnerA}`);
    const change = mine.locator("[data-field=description]");
    expect(await change.locator("dt").textContent()).toBe("Description");
    expect(await change.locator("del").textContent()).toContain("Their wording of the description.");
    expect(await change.locator("ins").textContent()).toContain("My wording of the description.");
  });

  it("words a change of status in the history in the page's language, never as a code", async () => {
    const token = await bearer(app.baseUrl, ACCOUNTS.admin);
    const setStatus = async (status: string) => {
      const current = await readService(app.baseUrl, SERVICE);
      const res = await fetch(`${app.baseUrl}/api/v1/services/${SERVICE}`, {
        method: "PUT",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ ...editable(current), version: current.version, status }),
      });
      expect(res.status).toBe(200);
    };
    await setStatus("defunct");
    await setStatus("active");
    await page.goto("/partner");
    await page.getByRole("button", { name: "Français" }).click();
    try {
      await page.locator(`a[href="/partner/services/${SERVICE}/history"]`).click();
      const change = page.locator(".pf-history > li").first().locator("[data-field=status]");
      await change.waitFor();
      expect(await change.locator("dt").textContent()).toBe("État");
      expect(await change.locator("del").textContent()).toBe("Fermé définitivement");
      expect(await change.locator("ins").textContent()).toBe("Actif");
    } finally {
      await page.getByRole("button", { name: "English" }).click();
    }
  });

  it("posts a dated closure and fixes a moved address, with every mistake flagged on the first save", async () => {
    await openEditor();
    const before = (await readService(app.baseUrl, SERVICE)).version;
    // Four days on, by the calendar of the service (Kingston).
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Toronto" }).format(
      Date.now() + 4 * 86_400_000,
    );
    expect(await page.locator("#pf-locations-0-address").inputValue()).toBe(
      "140 Hickson Ave, Kingston, ON K7K 4N8",
    );
    const add = page.getByRole("button", { name: "Add a closure or changed hours" });
    await add.click();
    await add.click();
    await page.locator("#pf-exceptions-0-date").fill(day);
    // The date as the page's language writes it, whatever the browser's date field shows.
    expect(await page.locator("#pf-exceptions-0-date-hint").textContent()).toMatch(
      /^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4}$/,
    );
    await page.locator("#pf-exceptions-0-note").fill("Holiday / Jour férié");
    await page.locator("#pf-exceptions-1-closed").uncheck();
    await page.locator("#pf-exceptions-1-opens").fill("10:00");
    await page.locator("#pf-locations-0-address").fill("200 Ontario St");
    await page.locator("#pf-locations-0-city").fill("Kingston");
    await page.locator("#pf-locations-0-postalCode").fill("1234");
    await page.getByRole("button", { name: "Save changes" }).click();
    expect(
      await page.locator(".field-error").evaluateAll((els) => els.map((e) => [e.id, e.textContent])),
    ).toEqual([
      ["pf-locations-0-postalCode-error", "Enter a Canadian postal code, for example K7L 3N6."],
      ["pf-exceptions-1-date-error", "This field is required."],
      ["pf-exceptions-1-closes-error", "This field is required."],
    ]);
    expect(await page.locator("#pf-locations-0-postalCode").getAttribute("aria-describedby")).toBe(
      "pf-locations-0-postalCode-error",
    );
    expect(await focusedId()).toBe("pf-locations-0-postalCode");
    expect((await readService(app.baseUrl, SERVICE)).version).toBe(before); // nothing was sent

    await page.getByRole("button", { name: "Remove closure or change 2" }).click();
    await page.locator("#pf-locations-0-postalCode").fill("k7l 3n6");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => status().textContent(), SLOW).toBe(`Saved as version ${before + 1}.`);
    const saved = await readService(app.baseUrl, SERVICE);
    expect(saved.schedule?.exceptions).toEqual([
      { date: day, closed: true, opens: null, closes: null, note: "Holiday / Jour férié" },
    ]);
    // The old map point would lead to the old place: directions now search for the new address.
    expect(saved.locations[0]).toMatchObject({
      address: "200 Ontario St",
      city: "Kingston",
      province: "ON",
      postalCode: "K7L 3N6",
      lat: null,
      lng: null,
    });
    await openEditor();
    expect(await page.locator("#pf-exceptions-0-date").inputValue()).toBe(day);
    expect(await page.locator("#pf-exceptions-0-closed").isChecked()).toBe(true);
  });

  it("adds a new service for the partner's organization, then retires it", async () => {
    await page.goto("/partner");
    await page.getByRole("link", { name: "Add a service" }).click();
    await page.locator("#pf-nameEn").fill("Saturday Grocery Pop-up");
    await page.locator("#pf-nameFr").fill("Épicerie éphémère du samedi");
    await page.locator("#pf-descriptionEn").fill("Fresh produce handed out on Saturday mornings.");
    await page.locator("#pf-descriptionFr").fill("Fruits et légumes frais remis le samedi matin.");
    await page.locator("#pf-category").selectOption("food");
    await page.getByRole("button", { name: "Add a phone number" }).click();
    await page.locator("#pf-phones-0-number").fill("613-555-0199");
    await page.getByRole("button", { name: "Add the service" }).click();
    await page.waitForURL(/\/partner\/services\/saturday-grocery-pop-up-[0-9a-f]{6}$/);
    await expect.poll(() => status().textContent(), SLOW).toBe("Saved as version 1.");
    const id = new URL(page.url()).pathname.split("/").pop()!;
    const created = await readService(app.baseUrl, id);
    expect([created.organizationId, created.category, created.phones]).toEqual([
      ORG_A,
      "food",
      [{ number: "613-555-0199", label: null }],
    ]);

    // The dashboard's list is asked for as the retire goes out: the server answers it before the
    // retire lands, and the answer arrives after. That older list must not be what stays shown.
    const context = page.context();
    await context.route("**/api/v1/services/*", async (r) => {
      if (r.request().method() === "DELETE") await new Promise((res) => setTimeout(res, 200));
      await r.continue();
    });
    let listShown!: () => void;
    const olderListArrived = new Promise<void>((res) => {
      listShown = res;
    });
    await context.route("**/api/v1/partner/services", async (r) => {
      const response = await r.fetch();
      await new Promise((res) => setTimeout(res, 800));
      await r.fulfill({ response });
      listShown();
    });
    await page.getByRole("button", { name: "Retire this service" }).click();
    expect(await focusedId()).toBe("");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Yes, retire it");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/partner$/);
    await page.locator(".pf-services h3").first().waitFor();
    await olderListArrived;
    await context.unrouteAll();
    await expect
      .poll(() => page.locator(".pf-services h3").allTextContents(), SLOW)
      .not.toContain("Saturday Grocery Pop-up");
    await expect
      .poll(async () => (await fetch(`${app.baseUrl}/api/v1/services/${id}`)).status, SLOW)
      .toBe(404);
  });

  it("keeps a change queued in a closed tab until someone signs in again, then sends it", async () => {
    await openEditor();
    const before = (await readService(app.baseUrl, SERVICE)).version;
    await page.context().setOffline(true);
    await page.locator("#pf-fees").fill("Free; call first.");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => status().getAttribute("data-status"), SLOW).toBe("queued");
    const context = page.context();
    await page.close();
    await context.setOffline(false);

    // A new tab shares the cookie but not the tab's CSRF token: the change waits for a sign-in.
    page = await context.newPage();
    await page.goto("/partner");
    await page.locator(".pf-signin .notice").waitFor();
    const write = page.locator(".pf-write .pf-status");
    await expect.poll(() => write.getAttribute("data-status"), SLOW).toBe("signin");
    expect((await readService(app.baseUrl, SERVICE)).fees).not.toBe("Free; call first.");

    await signInThroughPage(page, ACCOUNTS.partnerA);
    await expect.poll(() => write.first().textContent(), SLOW).toBe(`Saved as version ${before + 1}.`);
    expect((await readService(app.baseUrl, SERVICE)).fees).toBe("Free; call first.");
  });

  it("sends a queued change only with the session of the account that made it", async () => {
    await openEditor();
    // The change cannot reach the server (as offline), while the sign-out can: signing out needs
    // the server to end the session.
    const services = "**/api/v1/services/**";
    await page.route(services, (route) =>
      route.request().method() === "GET" ? route.continue() : route.abort("internetdisconnected"),
    );
    await page.locator("#pf-fees").fill("Call ahead, please.");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => status().getAttribute("data-status"), SLOW).toBe("queued");
    await page.getByRole("button", { name: "Sign out" }).first().click();
    await page.locator("#pf-signin-email").waitFor();
    await page.unroute(services);

    // Someone else signs in on this computer: the change is not theirs to send.
    await signInThroughPage(page, ACCOUNTS.partnerB);
    await page.locator(".pf-who").waitFor();
    await page.goto("/partner");
    const write = page.locator(".pf-write .pf-status");
    await expect.poll(() => write.first().getAttribute("data-status"), SLOW).toBe("account");
    expect(await write.first().textContent()).toBe(
      "Waiting: it goes when the person who made it signs in on this device.",
    );
    expect((await readService(app.baseUrl, SERVICE)).fees).not.toBe("Call ahead, please.");

    // Its author signs in again: it goes, under their name.
    await page.getByRole("button", { name: "Sign out" }).first().click();
    await page.locator("#pf-signin-email").waitFor();
    await signInThroughPage(page, ACCOUNTS.partnerA);
    await expect
      .poll(async () => (await readService(app.baseUrl, SERVICE)).fees, SLOW)
      .toBe("Call ahead, please.");
    // Sent and taken off the device before the next test reloads the page.
    await expect.poll(async () => (await readStore(page, "outbox")).length, SLOW).toBe(0);
  });

  it("shows a refused change with the server's reason, and lets the partner discard it", async () => {
    const other = await readService(app.baseUrl, "kingston-youth-shelter"); // another organization's
    const {
      organizationId: _o,
      organizationName: _n,
      updatedAt: _u,
      provenance: _p,
      id: _i,
      ...input
    } = other;
    await page.goto("/partner");
    await waitForStore(page, "outbox");
    await addRows(page, "outbox", [
      {
        createdAt: new Date().toISOString(),
        method: "PUT",
        url: "/api/v1/services/kingston-youth-shelter",
        body: { ...input, fees: "Changed by the wrong partner." },
        attempts: 0,
        lastError: null,
        rejectedAt: null,
        csrf: true,
        subject: {
          kind: "service-edit",
          serviceId: other.id,
          name: other.name.en,
          baseVersion: other.version,
        },
      },
    ]);
    await page.reload(); // start-up replays the outbox
    const refused = page.locator(".pf-write", { hasText: other.name.en });
    await expect.poll(() => refused.locator(".pf-status").getAttribute("data-status"), SLOW).toBe("refused");
    expect(await refused.locator(".pf-status").textContent()).toMatch(
      /^Refused \(not allowed\): This service belongs to another organization/,
    );
    expect((await readService(app.baseUrl, other.id)).fees).toBe(other.fees);

    await refused.getByRole("button", { name: "Discard" }).click();
    await expect.poll(() => refused.count(), SLOW).toBe(0);
    expect(await readStore(page, "outbox")).toEqual([]);
  });
  it("on a retirement someone else's save overtook, asks whether to retire the saved version, and does", async () => {
    await openEditor();
    const theirs = await editElsewhere(app.baseUrl, ACCOUNTS.admin, "Saved while the retirement waited.");
    await page.getByRole("button", { name: "Retire this service" }).click();
    await page.getByRole("button", { name: "Yes, retire it" }).click();
    // The dashboard lists it as not saved, with the way to choose.
    await page.getByRole("link", { name: "Choose which version to keep" }).click(SLOW);
    const panel = page.locator(".pf-conflict");
    await panel.waitFor(SLOW);
    expect(await panel.locator("p").first().textContent()).toMatch(
      new RegExp(`^You asked to retire version \\d+; version ${theirs} was saved since`),
    );
    expect(await panel.locator("table").count()).toBe(0);
    await page.getByRole("button", { name: `Retire it anyway (version ${theirs})` }).click();
    await expect
      .poll(async () => (await fetch(`${app.baseUrl}/api/v1/services/${SERVICE}`)).status, SLOW)
      .toBe(404);
  });
});
