import { createMemo, Match, Show, Switch } from "solid-js";
import { formatNumber, formatPhone, type PhoneReading, readPhone } from "../../../shared/directory/phone";
import type { Phone } from "../../../shared/directory/types";
import { langAttr } from "../../i18n/contentLang";
import { lang, t } from "../../i18n/i18n";

type Reading<K extends PhoneReading["kind"]> = Extract<PhoneReading, { kind: K }>;

/** A label that only repeats what the line already shows ("SMS" on a text line) is left out. */
function shownLabel(label: string | null, r: PhoneReading): string | null {
  if (!label) return null;
  if (r.kind === "text" && /^(sms|text|texto)$/i.test(label.trim())) return null;
  if (r.kind === "mobile" && label.includes(r.digits)) return null;
  return label;
}

/**
 * One phone line as a person uses it: a `tel:` link dialling E.164 and its extension, a short code
 * to dial as is, an `sms:` link for a text line, words for a code that only works from a mobile,
 * and the line as written when nobody could dial it.
 */
export default function PhoneLine(props: { phone: Phone; fallbackLabel?: string }) {
  // Read once per line: each branch below asks for it, and a card list draws 20 lines or more.
  const reading = createMemo(() => readPhone(props.phone.number, props.phone.label));
  const as = <K extends PhoneReading["kind"]>(kind: K) => {
    const r = reading();
    return r.kind === kind ? (r as Reading<K>) : undefined;
  };
  const own = () => shownLabel(props.phone.label, reading());
  const textNumber = (code: string) => (code.startsWith("+") ? formatNumber(code) : code);
  return (
    <>
      {/* A line's own label is held only as the organization wrote it (English). */}
      {/* The colon is the page's language's ("Téléphone : 211" in French), not the label's. */}
      <Show when={own()} fallback={props.fallbackLabel ? `${props.fallbackLabel}${t("label.colon")}` : ""}>
        {(l) => (
          <>
            <span lang={langAttr("en")}>{l()}</span>
            {t("label.colon")}
          </>
        )}
      </Show>
      <Switch fallback={<span>{props.phone.number}</span>}>
        <Match when={as("dial")}>{(r) => <a href={r().href}>{formatPhone(r(), lang())}</a>}</Match>
        <Match when={as("short")}>{(r) => <a href={r().href}>{r().code}</a>}</Match>
        <Match when={as("text")}>
          {(r) => <a href={r().href}>{t("phone.text", { number: textNumber(r().code) })}</a>}
        </Match>
        <Match when={as("mobile")}>
          {(r) => (
            <span>
              {t("phone.mobileCode", {
                code: r().code === r().digits ? r().code : `${r().code} (${r().digits})`,
              })}
            </span>
          )}
        </Match>
      </Switch>
    </>
  );
}
