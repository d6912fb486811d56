"use client";

import { useActionState } from "react";
import type { FormState } from "@/lib/forms";
import { ActionForm, FormField, FormSelect, FormTextArea, SubmitButton } from "@/app/components/form/ActionForm";
import { Button } from "@/app/components/ui";
import { replayAction, unsubscribeAction, type RowActionState } from "./actions";

type Action = (prev: FormState, form: FormData) => Promise<FormState>;

/** The store's webhook public key, pasted from Stores › Configuration › Adobe Services › Webhooks. */
export function CommerceKeyForm({ action }: { action: Action }) {
  return (
    <ActionForm action={action} initialValues={{ publicKey: "" }} aria-label="Commerce webhook public key">
      <FormTextArea
        label="Public key (PEM)"
        name="publicKey"
        rows={6}
        placeholder="-----BEGIN PUBLIC KEY-----"
        hint="After Regenerate key pair in the store, paste the new key here."
      />
      <div>
        <SubmitButton variant="secondary" size="small" pendingLabel="Saving…">
          Save public key
        </SubmitButton>
      </div>
    </ActionForm>
  );
}

export function IoClientIdForm({ action, current }: { action: Action; current: string | null }) {
  return (
    <ActionForm action={action} initialValues={{ ioClientId: current ?? "" }} aria-label="I/O Events client id">
      <FormField
        label="Client id of the I/O Events registration"
        name="ioClientId"
        hint="From the Developer Console project's credentials: events for another client id are refused."
      />
      <div>
        <SubmitButton variant="secondary" size="small" pendingLabel="Saving…">
          Save client id
        </SubmitButton>
      </div>
    </ActionForm>
  );
}

export function SubscribeForm({ action }: { action: Action }) {
  return (
    <ActionForm
      action={action}
      initialValues={{ webhookMethod: "observer.catalog_product_save_after", webhookType: "after", timeoutMs: "5000" }}
      aria-label="Subscribe a webhook"
    >
      <FormField
        label="Webhook method"
        name="webhookMethod"
        hint="For example observer.catalog_product_save_after or plugin.magento.catalog.api.product_repository.save."
      />
      <FormSelect
        label="Type"
        name="webhookType"
        options={[
          { value: "after", label: "after" },
          { value: "before", label: "before" },
        ]}
      />
      <FormField label="Timeout (ms)" name="timeoutMs" inputMode="numeric" />
      <div>
        <SubmitButton variant="secondary" size="small" pendingLabel="Subscribing…">
          Subscribe
        </SubmitButton>
      </div>
    </ActionForm>
  );
}

/** A button of one table row that answers in the row: nothing when it worked (the page refreshes), or why not. */
function RowActionButton({
  action,
  fields,
  label,
  text,
  pendingText,
}: {
  action: (prev: RowActionState, form: FormData) => Promise<RowActionState>;
  fields: Record<string, string>;
  label: string;
  text: string;
  pendingText: string;
}) {
  const [state, run, pending] = useActionState<RowActionState, FormData>(action, {});
  return (
    <form action={run}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" variant="secondary" size="small" disabled={pending} aria-label={label}>
        {pending ? pendingText : text}
      </Button>
      {state.error ? (
        <p role="alert" className="field__error">
          {state.error}
        </p>
      ) : null}
    </form>
  );
}

/** Replays one stored delivery; says why when it can no longer be replayed (pruned, unlinked). */
export function ReplayButton(p: { installationId: string; deliveryId: string; label: string }) {
  return (
    <RowActionButton
      action={replayAction}
      fields={{ installationId: p.installationId, deliveryId: p.deliveryId }}
      label={p.label}
      text="Replay"
      pendingText="Replaying…"
    />
  );
}

/** Removes this app's subscription to one webhook method; says why when the store refuses. */
export function UnsubscribeButton(p: { installationId: string; webhookMethod: string; webhookType: string }) {
  return (
    <RowActionButton
      action={unsubscribeAction}
      fields={p}
      label={`Unsubscribe ${p.webhookMethod}`}
      text="Unsubscribe"
      pendingText="Unsubscribing…"
    />
  );
}
