/**
 * Turns at the password hash for sign-ins, per process (a hash guards this process's CPU, so the
 * bound is not shared with other processes). At most `slots` sign-ins hash at once, each client
 * address has at most one turn at a time, and waiting addresses are served in rotation: an address
 * sending twenty sign-ins at once waits behind itself, not in front of everyone else. An address
 * may have `perAddress` sign-ins admitted (the one hashing included); beyond that, and beyond
 * `maxWaiting` across all addresses, admission is refused with how long to wait.
 */

export interface HashTurnsOptions {
  /** Sign-ins hashing at once in this process. */
  slots: number;
  /** Sign-ins admitted per address, the one hashing included. */
  perAddress: number;
  /** Sign-ins waiting for a turn across all addresses. */
  maxWaiting: number;
}

/** Refused: `pending` hashes' time is about how long the caller should wait before trying again. */
export type Admission = { admitted: true; turn: Turn } | { admitted: false; pending: number };

export interface Turn {
  /** Waits for this address's turn and a free slot, runs `work`, then frees both. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Gives the admission back without running (say, the attempt was refused before its check). */
  cancel(): void;
}

interface AddressLine {
  /** Admitted and not yet finished, the running one included. */
  pending: number;
  running: boolean;
  waiting: Array<() => void>;
}

export class HashTurns {
  private readonly lines = new Map<string, AddressLine>();
  /** Addresses with someone waiting and no turn running, longest-served-ago first. */
  private readonly ready: string[] = [];
  private running = 0;
  private waitingTotal = 0;

  constructor(private readonly opts: HashTurnsOptions) {}

  /** Admits a sign-in from `address`, or says how many are already ahead of it there. */
  admit(address: string): Admission {
    const line = this.lines.get(address) ?? { pending: 0, running: false, waiting: [] };
    if (line.pending >= this.opts.perAddress) return { admitted: false, pending: line.pending };
    // Everyone's line is full: about this many hashes' time before a turn would come.
    if (this.waitingTotal >= this.opts.maxWaiting)
      return { admitted: false, pending: Math.ceil(this.waitingTotal / this.opts.slots) };
    line.pending++;
    this.lines.set(address, line);
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      line.pending--;
      if (line.pending === 0 && !line.running) this.lines.delete(address);
    };
    return {
      admitted: true,
      turn: {
        run: async <T>(work: () => Promise<T>): Promise<T> => {
          await this.take(address, line);
          try {
            return await work();
          } finally {
            this.give(address, line);
            finish();
          }
        },
        cancel: finish,
      },
    };
  }

  /** How many sign-ins hash now, and how many wait. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waitingTotal };
  }

  private take(address: string, line: AddressLine): Promise<void> {
    if (!line.running && line.waiting.length === 0 && this.running < this.opts.slots) {
      line.running = true;
      this.running++;
      return Promise.resolve();
    }
    this.waitingTotal++;
    return new Promise<void>((resolve) => {
      line.waiting.push(resolve);
      if (line.waiting.length === 1 && !line.running) this.ready.push(address);
    });
  }

  private give(address: string, line: AddressLine): void {
    line.running = false;
    this.running--;
    // The address goes to the back of the rotation if it has more waiting.
    if (line.waiting.length > 0) this.ready.push(address);
    this.startNext();
  }

  private startNext(): void {
    while (this.running < this.opts.slots && this.ready.length > 0) {
      const address = this.ready.shift() as string;
      const line = this.lines.get(address);
      const next = line?.waiting.shift();
      if (!line || !next) continue;
      line.running = true;
      this.running++;
      this.waitingTotal--;
      next();
    }
  }
}
