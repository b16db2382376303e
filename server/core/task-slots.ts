/**
 * Scheduled work that must run once per schedule across processes: every process keeps its timer,
 * and a tick runs only in the process that claims its slot (the tick's time divided by the
 * interval) through the module's repository. On sql.js the one process claims every slot.
 */
export interface TaskSlotsRepository {
  /** True for the first process to claim `slot` of `task`; sql.js (one process) claims every slot. */
  claimTaskSlot(task: string, slot: number): Promise<boolean>;
}

/** The slot a tick at `now` belongs to, for a task run every `intervalMs`. */
export const slotOf = (now: number, intervalMs: number) => Math.floor(now / intervalMs);

/**
 * Runs `fn` if this process is the first to claim the current slot of `task`; says whether it ran.
 * With `runIfUnclaimable`, a slot that cannot be claimed at all (the database refuses or is down)
 * runs here anyway: for work that must report that very outage.
 */
export async function runOncePerSlot(
  repo: TaskSlotsRepository,
  task: string,
  intervalMs: number,
  fn: () => Promise<unknown>,
  now: number = Date.now(),
  { runIfUnclaimable = false }: { runIfUnclaimable?: boolean } = {},
): Promise<boolean> {
  let mine: boolean;
  try {
    mine = await repo.claimTaskSlot(task, slotOf(now, intervalMs));
  } catch (err) {
    if (!runIfUnclaimable) throw err;
    mine = true;
  }
  if (!mine) return false;
  await fn();
  return true;
}
