/** The turns at the password hash: rotation between addresses, one turn per address, bounded lines. */
import { describe, expect, it } from "vitest";
import { HashTurns, type Turn } from "./hash-turns.js";

/** Work that finishes when the test says so, noting when it started. */
function gate(log: string[], name: string) {
  let open!: () => void;
  const done = new Promise<void>((resolve) => {
    open = resolve;
  });
  return {
    open,
    work: async () => {
      log.push(name);
      await done;
      return name;
    },
  };
}

function admitted(turns: HashTurns, address: string): Turn {
  const admission = turns.admit(address);
  if (!admission.admitted) throw new Error(`${address} refused`);
  return admission.turn;
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("HashTurns", () => {
  it("gives a newly arrived address the next free slot before an address's own queue", async () => {
    const turns = new HashTurns({ slots: 1, perAddress: 4, maxWaiting: 16 });
    const log: string[] = [];
    const flood = [1, 2, 3].map((i) => gate(log, `flood${i}`));
    const partner = gate(log, "partner");
    const running = flood.map((g) => admitted(turns, "203.0.113.1").run(g.work));
    const partnerDone = admitted(turns, "198.51.100.7").run(partner.work);
    await tick();
    expect(log).toEqual(["flood1"]);
    flood[0].open();
    await tick();
    expect(log).toEqual(["flood1", "partner"]);
    partner.open();
    expect(await partnerDone).toBe("partner");
    await tick();
    expect(log).toEqual(["flood1", "partner", "flood2"]);
    for (const g of flood) g.open();
    expect(await Promise.all(running)).toEqual(["flood1", "flood2", "flood3"]);
    expect(turns.load).toEqual({ running: 0, waiting: 0 });
  });

  it("runs one turn per address at a time, even with slots free", async () => {
    const turns = new HashTurns({ slots: 2, perAddress: 4, maxWaiting: 16 });
    const log: string[] = [];
    const a = [gate(log, "a1"), gate(log, "a2")];
    const runs = a.map((g) => admitted(turns, "203.0.113.1").run(g.work));
    await tick();
    expect(log).toEqual(["a1"]);
    expect(turns.load).toEqual({ running: 1, waiting: 1 });
    for (const g of a) g.open();
    await Promise.all(runs);
    expect(log).toEqual(["a1", "a2"]);
  });

  it("refuses an address's sign-in beyond its line, and takes it again once one is given back", () => {
    const turns = new HashTurns({ slots: 1, perAddress: 2, maxWaiting: 16 });
    const first = admitted(turns, "203.0.113.1");
    admitted(turns, "203.0.113.1");
    expect(turns.admit("203.0.113.1")).toEqual({ admitted: false, pending: 2 });
    expect(turns.admit("198.51.100.7").admitted).toBe(true);
    first.cancel();
    expect(turns.admit("203.0.113.1").admitted).toBe(true);
  });

  it("refuses every address once the waiting line across addresses is full", async () => {
    const turns = new HashTurns({ slots: 1, perAddress: 4, maxWaiting: 1 });
    const log: string[] = [];
    const held = gate(log, "held");
    const waiting = gate(log, "waiting");
    const runs = [
      admitted(turns, "192.0.2.1").run(held.work),
      admitted(turns, "192.0.2.2").run(waiting.work),
    ];
    await tick();
    expect(turns.admit("192.0.2.3")).toEqual({ admitted: false, pending: 1 });
    held.open();
    waiting.open();
    await Promise.all(runs);
  });
});
