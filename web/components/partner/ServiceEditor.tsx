import { A, useNavigate } from "@solidjs/router";
import { createEffect, createSignal, on, Show } from "solid-js";
import { createStore, reconcile, unwrap } from "solid-js/store";
import { draftFromService, errorsFromServer, type FieldError, validateDraft } from "../../data/partnerForm";
import { serviceById, services } from "../../data/partnerServices";
import { queueCreate, queueEdit, writesFor, writeViews } from "../../data/partnerWrites";
import { t } from "../../i18n/i18n";
import ConflictPanel from "./ConflictPanel";
import RetireService from "./RetireService";
import ServiceForm from "./ServiceForm";
import WriteStatus from "./WriteStatus";

/** The edit form for one service (id) or a new one (id null), with its save status and conflicts. */
export default function ServiceEditor(props: { id: string | null }) {
  const navigate = useNavigate();
  const base = () => (props.id ? serviceById(props.id) : null);
  const [draft, setDraft] = createStore(draftFromService(null));
  const [errors, setErrors] = createSignal<Record<string, FieldError>>({});
  const [seq, setSeq] = createSignal<number | null>(null);
  let form!: HTMLDivElement;

  // Fill the form once, when the record first arrives; later saves must not wipe what is typed.
  let filled = false;
  createEffect(() => {
    const b = base();
    if (b && !filled) {
      filled = true;
      setDraft(reconcile(draftFromService(b)));
    }
  });

  const mine = () => writeViews().find((w) => w.seq === seq());
  const conflict = () => (props.id ? writesFor(props.id).find((w) => w.status === "conflict") : undefined);
  // A change the server refused for its content: its reasons go back next to the fields.
  createEffect(
    on(mine, (w) => {
      if (w?.status === "refused" && w.row?.refusal?.status === 400) {
        setErrors(errorsFromServer(w.row.refusal.details));
      }
    }),
  );

  const focusFirstError = () =>
    queueMicrotask(() => form.querySelector<HTMLElement>('[aria-invalid="true"], .alert')?.focus());

  const save = async () => {
    const b = base();
    const result = validateDraft(unwrap(draft), b);
    setErrors(result.errors);
    if (!result.input) return focusFirstError();
    setSeq(b ? await queueEdit(b, result.input) : await queueCreate(result.input));
  };

  return (
    <Show when={services()} fallback={<p role="status">{t("loading")}</p>}>
      <Show when={!props.id || base()} fallback={<p class="notice">{t("partner.edit.notFound")}</p>}>
        <p>
          <A href="/partner">{t("partner.back")}</A>
        </p>
        <Show when={conflict()}>
          {(w) => (
            <ConflictPanel
              row={w().row!}
              onTheirs={(current) => {
                setDraft(reconcile(draftFromService(current)));
                setErrors({});
                setSeq(null);
              }}
              onMine={(next) => setSeq(next)}
            />
          )}
        </Show>
        <Show when={base()}>
          {(b) => <p class="muted">{t("partner.edit.version", { version: b().version })}</p>}
        </Show>
        <div ref={form}>
          <ServiceForm
            draft={draft}
            setDraft={setDraft}
            errors={errors()}
            onSubmit={() => void save()}
            submitLabel={t(props.id ? "partner.edit.save" : "partner.create.save")}
            footer={
              <p role="status" class="pf-save-status">
                <Show when={mine()}>{(w) => <WriteStatus write={w()} />}</Show>
                <Show when={Object.keys(errors()).length > 0}>
                  {t("partner.edit.fixErrors", { count: Object.keys(errors()).length })}
                </Show>
              </p>
            }
          />
        </div>
        <Show when={base()}>
          {(b) => <RetireService service={b()} onRetired={() => navigate("/partner")} />}
        </Show>
      </Show>
    </Show>
  );
}
