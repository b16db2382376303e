// Starting over between visitors: sign out any account, remove every trace of the visit, return to
// the kiosk's language, and load the start page with the visit gone from the history.
import { setLang } from "../i18n/i18n";
import { KIOSK_KEPT_KEYS, kioskSettings } from "./kiosk";
import { startOverInFreshDocument } from "./kioskHistory";

let running: Promise<void> | undefined;

export function startOver(): Promise<void> {
  running ??= run().catch((error: unknown) => {
    // Whatever went wrong, the next person must not get this page: load a fresh one at least.
    console.error(error);
    running = undefined;
    location.replace("/");
  });
  return running;
}

async function run(): Promise<void> {
  const language = kioskSettings().language;
  const [{ endAnySession }, { clearVisitTraces }] = await Promise.all([
    import("../data/partner/kioskSignOut"),
    import("../data/device/kioskTraces"),
  ]);
  const session = await endAnySession().catch(() => "unreachable" as const);
  await clearVisitTraces({
    keptLocalKeys: KIOSK_KEPT_KEYS,
    keepSessionStorage: session === "unreachable",
  }).catch((error: unknown) => console.error(error)); // the rest of the reset still happens
  setLang(language);
  await startOverInFreshDocument();
}
