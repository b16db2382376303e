/**
 * The short "resolved" notice: an incident whose opening was alerted says so when it is over, on
 * the same channels (the alerter's chat and mail; chat posts it to the incident's own channel).
 * Openings are alerted for every SEV-1/2 and for every incident the watchdog opened (it alerts each
 * breach whatever its severity); a SEV-3/4 opened by a person was never alerted, so neither is its end.
 */
import { isMajorSeverity } from "../../../shared/ops/incident.js";
import type { Alerter } from "./alerts.js";
import type { Incident } from "./incident-log.js";

/** Whether the incident's opening (or its escalation to SEV-1/2) went out as an alert. */
export const alertedOnOpening = (i: Pick<Incident, "source" | "severity">) =>
  i.source === "auto" || isMajorSeverity(i.severity);

/** Sends the notice for a resolved incident if its opening was alerted; `by` says who resolved it. */
export function sendResolvedNotice(alerter: Alerter, incident: Incident, by: string, now = new Date()) {
  if (!alertedOnOpening(incident)) return false;
  alerter.send(
    {
      kind: "resolved",
      severity: incident.severity,
      text: `${incident.id} resolved by ${by}: ${incident.title}`,
      title: incident.title,
      incidentId: incident.id,
      channel: incident.channel,
      commander: incident.commander,
    },
    now,
  );
  return true;
}
