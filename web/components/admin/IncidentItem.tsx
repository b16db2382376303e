import { For, Show } from "solid-js";
import type { Incident, IncidentAction } from "../../data/admin/incidents";
import { isActive } from "../../data/admin/incidents";
import { elapsedMs, formatDuration, nextDeadline, overdueSteps } from "../../data/admin/incidentTimers";
import { langAttr } from "../../i18n/contentLang";
import { lang, locale, t } from "../../i18n/i18n";
import { formatDate } from "../../i18n/intlFormats";
import CommanderForm from "./CommanderForm";
import IncidentActions from "./IncidentActions";
import SeverityForm from "./SeverityForm";

/**
 * One incident: severity, status, timers against the SEV table, overdue flags, whether it needs a
 * commander, when its next status update and external communication are due, a late review, and
 * its next moves.
 */
export default function IncidentItem(props: {
  incident: Incident;
  now: number;
  onChanged: (i: Incident, action: IncidentAction | "commander" | "severity") => void;
}) {
  const i = () => props.incident;
  const overdue = () => overdueSteps(i(), props.now);
  const when = (iso: string) => formatDate(locale(), iso, { dateStyle: "medium", timeStyle: "short" });
  const duration = (ms: number) => formatDuration(ms, lang());
  const nextText = () => {
    const d = nextDeadline(i(), props.now);
    if (!d) return t("admin.nothingDue");
    const step = t(`admin.step.${d.step}`);
    return d.overdue
      ? t("admin.nextLate", { step, duration: duration(props.now - d.at) })
      : t("admin.next", { step, duration: duration(d.at - props.now) });
  };
  const major = () => i().severity === "SEV-1" || i().severity === "SEV-2";
  const updateText = () => {
    const due = i().due.nextUpdate;
    if (!isActive(i()) || !due) return null;
    const at = Date.parse(due);
    return at < props.now
      ? t("admin.updateLate", { duration: duration(props.now - at) })
      : t("admin.updateDue", { duration: duration(at - props.now) });
  };
  // Due from its time (the page's clock moves between refreshes); an incident resolved before then never needed it.
  const commsText = () => {
    const due = i().due.externalCommunication;
    if (!due || i().status === "closed") return null;
    const at = Date.parse(due);
    const reached = i().resolvedAt ? i().externalCommunicationDue : at <= props.now;
    if (reached) return { due: true, text: t("admin.comms.due", { time: when(due) }) };
    return i().resolvedAt ? null : { due: false, text: t("admin.comms.later", { time: when(due) }) };
  };
  const reviewLate = () =>
    i().status === "resolved" && i().due.review !== null && Date.parse(i().due.review as string) < props.now;
  return (
    <li
      class="incident"
      classList={{ overdue: overdue().length > 0 }}
      data-incident={i().id}
      data-status={i().status}
    >
      <h4>
        <span class={`sev sev-${i().severity.slice(-1)}`}>{t(`admin.severity.${i().severity}`)}</span>{" "}
        {/* An automatic incident is titled in English when it opens (the same words go out in alerts). */}
        <span lang={i().source === "auto" ? langAttr("en") : undefined}>{i().title}</span>
      </h4>
      <p class="incident-meta">
        <strong>{i().id}</strong> ·{" "}
        <span data-testid="incident-status">{t(`admin.status.${i().status}`)}</span>
        <Show when={i().source === "auto"}> · {t("admin.auto")}</Show>
        <Show when={i().falsePositive}> · {t("admin.falsePositive")}</Show>
        <Show when={i().commander}>{(name) => <> · {t("admin.commander", { name: name() })}</>}</Show>
        <Show when={i().channel}>{(channel) => <> · {t("admin.channel", { channel: channel() })}</>}</Show>
      </p>
      <p class="incident-timers" data-testid="incident-timers">
        {isActive(i())
          ? t("admin.openFor", { duration: duration(elapsedMs(i(), props.now)) })
          : t("admin.lasted", { duration: duration(elapsedMs(i(), props.now)) })}{" "}
        ({t("admin.startedAt", { time: when(i().startedAt) })}). {nextText()}
      </p>
      <Show when={i().needsCommander}>
        <p class="needs-commander" data-testid="incident-needs-commander">
          <strong>{t("admin.needsCommander")}</strong>
        </p>
      </Show>
      <Show when={updateText()}>
        {(text) => (
          <p
            data-testid="incident-update"
            classList={{
              "overdue-flag":
                i().due.nextUpdate !== null && Date.parse(i().due.nextUpdate as string) < props.now,
            }}
          >
            {text()}
          </p>
        )}
      </Show>
      <Show when={commsText()}>
        {(comms) => (
          <p data-testid="incident-comms" classList={{ "comms-due": comms().due }}>
            {comms().text}
          </p>
        )}
      </Show>
      <Show when={reviewLate()}>
        <p class="overdue-flag" data-testid="incident-review-overdue">
          {t("admin.reviewLate", { time: when(i().due.review as string) })}
        </p>
      </Show>
      <Show when={overdue().length > 0}>
        <p class="overdue-flag" data-testid="incident-overdue">
          <strong>{t("admin.overdue")}</strong>{" "}
          <For each={overdue()}>{(s, k) => <>{(k() ? ", " : "") + t(`admin.step.${s}`)}</>}</For>
        </p>
      </Show>
      <Show when={major() && isActive(i())}>
        <CommanderForm incident={i()} onNamed={(named) => props.onChanged(named, "commander")} />
      </Show>
      <Show when={i().status === "acknowledged" || i().status === "mitigated"}>
        <SeverityForm incident={i()} onAssessed={(assessed) => props.onChanged(assessed, "severity")} />
      </Show>
      <IncidentActions incident={i()} onChanged={props.onChanged} />
    </li>
  );
}
