import { A, useNavigate } from "@solidjs/router";
import { createEffect, createSignal, on, onCleanup, Show, untrack } from "solid-js";
import { createStore, reconcile, unwrap } from "solid-js/store";
import type { DirectoryService } from "../../../shared/directory/types";
import {
  draftFromService,
  errorsFromServer,
  type FieldError,
  type ServiceDraft,
  validateDraft,
} from "../../data/partner/form";
import { serviceById, services } from "../../data/partner/services";
import { ended, holdForm, takeHeldForm, user } from "../../data/partner/session";
import { queueCreate, queueEdit, writesFor, writeViews } from "../../data/partner/writes";
import { t } from "../../i18n/i18n";
import ConflictPanel from "./ConflictPanel";
import RetireService from "./RetireService";
import ServiceForm from "./ServiceForm";
import WriteStatus from "./WriteStatus";

/** The edit form for one service (id) or a new one (id null), with its save status and conflicts. */
export default function ServiceEditor(props: { id: string | null }) {
  const navigate = useNavigate();
  const live = () => (props.id ? serviceById(props.id) : null);
  // The version the form stands on. A newer copy fetched later must not change it silently:
  // saving names this version, so someone else's newer save comes back as a conflict, not lost.
  // The form this account was typing in when the server ended its session comes back as it was.
  const account = untrack(user)?.id ?? null;
  const held = account ? takeHeldForm<ServiceDraft, DirectoryService | null>(account, props.id) : null;
  const [origin, setOrigin] = createSignal<DirectoryService | null>(held?.origin ?? null);
  const [draft, setDraft] = createStore(held?.draft ?? draftFromService(null));
  const [errors, setErrors] = createSignal<Record<string, FieldError>>({});
  const [seq, setSeq] = createSignal<number | null>(held?.seq ?? null);
  onCleanup(() => {
    // Taken off the screen because the session ended (not signed out, not left): keep the typing.
    const standing = props.id === null || origin() !== null;
    if (account && ended() && standing)
      holdForm({
        account,
        serviceId: props.id,
        draft: structuredClone(unwrap(draft)),
        origin: origin(),
        seq: seq(),
      });
  });
  let form!: HTMLDivElement;

  const standOn = (record: DirectoryService | null) => {
    setOrigin(record);
    setDraft(reconcile(draftFromService(record)));
    setErrors({});
  };
  createEffect(() => {
    const record = live();
    const current = untrack(origin);
    if (props.id === null && current) standOn(null);
    else if (record && current?.id !== record.id) standOn(record);
  });

  const mine = () => writeViews().find((w) => w.seq === seq());
  const conflict = () => (props.id ? writesFor(props.id).find((w) => w.status === "conflict") : undefined);
  createEffect(
    on(mine, (w) => {
      // A change the server refused for its content: its reasons go back next to the fields.
      if (w?.status === "refused" && w.row?.refusal?.status === 400)
        setErrors(errorsFromServer(w.row.refusal.details));
      if (w?.status !== "saved") return;
      if (!props.id && w.subject.serviceId)
        navigate(`/partner/services/${w.subject.serviceId}`, { replace: true });
      const saved = live();
      if (saved && saved.version === w.savedVersion) setOrigin(saved);
    }),
  );

  const focus = (selector: string) =>
    queueMicrotask(() => form.querySelector<HTMLElement>(selector)?.focus());

  const save = async () => {
    const editing = props.id ? origin() : null;
    const result = validateDraft(unwrap(draft), editing);
    setErrors(result.errors);
    if (!result.input) return focus('[aria-invalid="true"], .alert');
    const pending = mine()?.status === "queued" ? (seq() ?? undefined) : undefined;
    setSeq(editing ? await queueEdit(editing, result.input) : await queueCreate(result.input, pending));
  };

  return (
    <Show when={services()} fallback={<p role="status">{t("loading")}</p>}>
      <Show when={!props.id || live()} fallback={<p class="notice">{t("partner.edit.notFound")}</p>}>
        <p>
          <A href="/partner">{t("partner.back")}</A>
        </p>
        <Show when={conflict()}>
          {(w) => (
            <ConflictPanel
              row={w().row!}
              onTheirs={(current) => {
                standOn(current);
                setSeq(null);
                focus("#pf-version");
              }}
              onMine={(next) => {
                setSeq(next);
                focus("#pf-version");
              }}
            />
          )}
        </Show>
        <div ref={form}>
          <Show when={origin()}>
            {(o) => (
              <p class="muted" id="pf-version" tabindex="-1">
                {t("partner.edit.version", { version: o().version })}
              </p>
            )}
          </Show>
          <Show when={held && held.seq === null}>
            <p class="notice" data-testid="form-kept">
              {t("partner.edit.kept")}
            </p>
          </Show>
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
        <Show when={props.id ? live() : null}>
          {(b) => <RetireService service={b()} onRetired={() => navigate("/partner")} />}
        </Show>
      </Show>
    </Show>
  );
}
