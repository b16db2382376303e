import { type Accessor, createEffect, createSignal, on, onCleanup } from "solid-js";
import type { Province } from "../../shared/waittimes/schemas";
import { online } from "../state/online";
import { type HospitalList, loadSavedHospitals, refreshHospitals } from "./hospitals";
import { loadSavedLatestWaits, refreshLatestWaits } from "./latestWaits";

const idsOf = (list: HospitalList) => list.hospitals.map((h) => h.id);

export interface HospitalsState {
  list: Accessor<HospitalList | undefined>;
  failed: Accessor<boolean>;
  loading: Accessor<boolean>;
  retry(): void;
}

/** Shows the saved list at once, then replaces it with a fresh one when the network answers. */
export function useHospitals(province: Accessor<Province>): HospitalsState {
  const [list, setList] = createSignal<HospitalList>();
  const [failed, setFailed] = createSignal(false);
  const [loading, setLoading] = createSignal(true);
  const [attempt, setAttempt] = createSignal(0);

  createEffect(
    on([province, attempt], ([p]) => {
      const controller = new AbortController();
      onCleanup(() => controller.abort());
      setFailed(false);
      setLoading(true);
      void (async () => {
        const saved = await loadSavedHospitals(p).catch(() => undefined);
        if (saved) saved.latest = await loadSavedLatestWaits(idsOf(saved));
        if (controller.signal.aborted) return;
        const hasSaved = (saved?.hospitals.length ?? 0) > 0;
        setList(hasSaved ? saved : undefined);
        if (online()) {
          try {
            const fresh = await refreshHospitals(p, controller.signal);
            // Figures are a bonus: without them the list still shows, with the saved ones if any.
            fresh.latest = await refreshLatestWaits(p, controller.signal).catch(() =>
              loadSavedLatestWaits(idsOf(fresh)),
            );
            if (!controller.signal.aborted) setList(fresh);
          } catch {
            if (!controller.signal.aborted && !hasSaved) setFailed(true);
          }
        } else if (!hasSaved) {
          setFailed(true);
        }
        if (!controller.signal.aborted) setLoading(false);
      })();
    }),
  );

  return { list, failed, loading, retry: () => setAttempt((n) => n + 1) };
}
