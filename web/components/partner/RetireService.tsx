import { createSignal, Show } from "solid-js";
import type { DirectoryService } from "../../../shared/directory/types";
import { queueRetire } from "../../data/partner/writes";
import { t } from "../../i18n/i18n";

/** Retiring removes the service from the directory; a second button confirms it. */
export default function RetireService(props: { service: DirectoryService; onRetired: () => void }) {
  const [asking, setAsking] = createSignal(false);
  let confirm!: HTMLButtonElement;
  return (
    <section class="pf-retire" aria-labelledby="pf-retire-heading">
      <h2 id="pf-retire-heading">{t("partner.retire.heading")}</h2>
      <p>{t("partner.retire.body")}</p>
      <Show
        when={asking()}
        fallback={
          <button
            type="button"
            onClick={() => {
              setAsking(true);
              queueMicrotask(() => confirm.focus());
            }}
          >
            {t("partner.retire.button")}
          </button>
        }
      >
        <p role="alert">{t("partner.retire.confirm")}</p>
        <button
          ref={confirm}
          type="button"
          class="primary"
          onClick={async () => {
            await queueRetire(props.service);
            props.onRetired();
          }}
        >
          {t("partner.retire.yes")}
        </button>{" "}
        <button type="button" onClick={() => setAsking(false)}>
          {t("partner.retire.no")}
        </button>
      </Show>
    </section>
  );
}
