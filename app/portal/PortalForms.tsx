"use client";

import { useActionState } from "react";
import { Alert } from "@/app/components/ui/Alert";
import { Button } from "@/app/components/ui/Button";
import { ActionForm, FormField, SubmitButton } from "@/app/components/form/ActionForm";
import { saveSettings, callPortal, type PortalCallResult } from "./actions";

export function SettingsForm({
  initial,
  hasSecret,
}: {
  initial: { baseUrl: string; appId: string; tokenPath: string };
  hasSecret: boolean;
}) {
  return (
    <ActionForm action={saveSettings} initialValues={{ ...initial, appSecret: "" }} aria-label="Portal application">
      <div className="form-row">
        <FormField
          label="Portal base URL"
          name="baseUrl"
          type="url"
          hint="Sandbox and production have separate base URLs."
          required
        />
        <FormField label="Application ID" name="appId" autoComplete="off" required />
        <FormField
          label="Application secret"
          name="appSecret"
          type="password"
          autoComplete="new-password"
          hint={
            hasSecret
              ? "Stored encrypted. Leave empty to keep it (required again when the URL or ID changes)."
              : "Stored encrypted, never shown again."
          }
        />
        <FormField
          label="Token path"
          name="tokenPath"
          hint="Seed: /rest/v1/apps/session/token. Current Adobe portal: /rest/v1/app/session/token."
        />
      </div>
      <div className="form-actions">
        <SubmitButton pendingLabel="Saving…">Save settings</SubmitButton>
      </div>
    </ActionForm>
  );
}

export function TokenPanel() {
  const [state, action, pending] = useActionState(callPortal, { kind: "idle" } as PortalCallResult);
  return (
    <div>
      <form action={action} className="form-actions">
        <Button name="op" value="token" disabled={pending}>
          Get session token
        </Button>
        <Button name="op" value="profile" variant="secondary" disabled={pending}>
          Show profile
        </Button>
        <Button name="op" value="refresh" variant="ghost" disabled={pending}>
          Force a new token
        </Button>
        {pending ? (
          <span className="muted" role="status">
            Calling the portal…
          </span>
        ) : null}
      </form>
      <div style={{ marginTop: "1rem" }}>
        {state.kind === "ok" ? (
          <>
            <Alert
              tone="success"
              title={state.token.fromCache ? "Session token (from cache)" : "New session token obtained"}
            >
              <dl className="facts">
                <dt>Token (ust)</dt>
                <dd className="mono">{state.token.masked}</dd>
                <dt>{state.token.idField}</dt>
                <dd className="mono" data-testid="portal-account-id">
                  {state.token.accountId}
                </dd>
                <dt>expires_in</dt>
                <dd>{state.token.expiresInSeconds} s</dd>
                <dt>Expires at</dt>
                <dd>{state.token.expiresAt.replace("T", " ").slice(0, 19)} UTC</dd>
              </dl>
            </Alert>
            {state.profile ? (
              <section className="card" aria-labelledby="profile-title">
                <h2 id="profile-title">User profile</h2>
                <dl className="facts">
                  {[
                    "mage_id",
                    "first_name",
                    "last_name",
                    "email",
                    "screen_name",
                    "vendor_name",
                    "partner_level",
                    "locale",
                  ].map((k) =>
                    state.profile && k in state.profile ? <FragmentRow key={k} k={k} v={state.profile[k]} /> : null,
                  )}
                </dl>
                <details style={{ marginTop: "0.75rem" }}>
                  <summary>Full response</summary>
                  <pre>{JSON.stringify(state.profile, null, 2)}</pre>
                </details>
              </section>
            ) : null}
          </>
        ) : state.kind === "failed" ? (
          <Alert tone="error" title="The developer portal refused the request">
            <p>{state.message}</p>
            <p>
              {state.status === 401
                ? "Check the application ID and secret (and that they belong to this portal: sandbox and production differ)."
                : state.status === 404
                  ? "Check the base URL and the token path."
                  : "Check the base URL and try again."}
            </p>
          </Alert>
        ) : null}
      </div>
    </div>
  );
}

function FragmentRow({ k, v }: { k: string; v: unknown }) {
  return (
    <>
      <dt>{k}</dt>
      <dd>{typeof v === "object" ? JSON.stringify(v) : String(v)}</dd>
    </>
  );
}
