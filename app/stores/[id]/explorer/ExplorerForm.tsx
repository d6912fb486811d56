"use client";

import { startTransition, useActionState, useEffect, useRef, useState, type FormEvent } from "react";
import { Alert } from "@/app/components/ui/Alert";
import { Button, buttonClass } from "@/app/components/ui/Button";
import { Field, SelectField, TextAreaField } from "@/app/components/ui/Field";
import { dropDraft, keepDraft, restoreDraft } from "@/app/components/form/form-draft";
import { useLeaveGuard } from "@/app/components/form/leave-guard";
import type { RunResult } from "./actions";

/** The form's name: its draft (typed inputs kept while a call is on its way, form-draft.ts) is kept under it. */
const FORM_NAME = "Request";

const CONDITIONS = [
  "eq",
  "neq",
  "gt",
  "gteq",
  "moreq",
  "lt",
  "lteq",
  "from",
  "to",
  "in",
  "nin",
  "like",
  "finset",
  "null",
  "notnull",
];

export interface ExplorerFormProps {
  action: (prev: RunResult, form: FormData) => Promise<RunResult>;
  method: string;
  pathParams: string[];
  isList: boolean;
  requiredQuery: string[];
  bodyExample?: string;
  unavailableNote?: string;
  /** The store's host, named in the confirmation of a write. */
  storeHost: string;
}

export function ExplorerForm(props: ExplorerFormProps) {
  const [result, action, pending] = useActionState(props.action, { kind: "idle" } as RunResult);
  // an edit after an answer makes its complaints stale: they are hidden until the next answer
  const [editedAfter, setEditedAfter] = useState<RunResult | null>(null);
  const stale = editedAfter === result;
  const errors = result.kind === "invalid" && !stale ? result.errors : {};
  const hasBody = props.method === "POST" || props.method === "PUT" || props.method === "DELETE";
  // The server checks the inputs first and only then asks to confirm a write (result "confirm"); "Yes, send"
  // sends the same inputs again, confirmed (the server refuses an unconfirmed write too).
  const lastSent = useRef<FormData | null>(null);
  const [cancelled, setCancelled] = useState<RunResult | null>(null);
  const confirming = result.kind === "confirm" && cancelled !== result && !stale;
  const questionRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // typed since the last send: leaving asks first; a send that never got its answer (the session ended) comes back
  const [dirty, setDirty] = useState(false);
  const [restored, setRestored] = useState(false);
  useLeaveGuard(dirty);
  useEffect(() => {
    if (formRef.current && restoreDraft(formRef.current, FORM_NAME)) {
      setRestored(true);
      setDirty(true);
    }
  }, []);
  useEffect(() => {
    if (result.kind !== "idle") dropDraft(FORM_NAME);
  }, [result]);
  const send = (data: FormData) => {
    lastSent.current = data;
    if (formRef.current) keepDraft(formRef.current, FORM_NAME);
    setDirty(false);
    setRestored(false);
    startTransition(() => action(data));
  };
  useEffect(() => {
    if (confirming) questionRef.current?.focus(); // the question, not "Yes, send": Enter twice never sends a write
  }, [confirming]);
  // React resets a form after its action; an explorer keeps the inputs so a call can be tweaked and sent again
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    send(new FormData(e.currentTarget));
  };
  const confirm = () => {
    const data = lastSent.current;
    if (!data) return;
    data.set("confirmed", "yes");
    send(data);
  };
  const cancel = () => setCancelled(result);
  return (
    <>
      <form
        ref={formRef}
        action={action}
        onSubmit={onSubmit}
        onInput={() => {
          setEditedAfter(result);
          setDirty(true);
        }}
        noValidate
        aria-label={FORM_NAME}
      >
        {restored ? (
          <Alert tone="info" title="What you typed is back">
            It was not sent before your session ended. Check it and send again.
          </Alert>
        ) : null}
        {props.pathParams.length > 0 ? (
          <fieldset>
            <legend>Path parameters</legend>
            <div className="form-row">
              {props.pathParams.map((p) => (
                <Field key={p} label={p} name={`path.${p}`} id={`path-${p}`} error={errors[`path.${p}`]} required />
              ))}
            </div>
          </fieldset>
        ) : null}
        {props.method === "GET" ? (
          <fieldset>
            <legend>searchCriteria {props.isList ? "" : "(only list operations use it)"}</legend>
            <p className="field__hint">
              Rows with the same group number combine with OR; different groups combine with AND.
            </p>
            {[0, 1, 2].map((i) => (
              <div className="form-row" key={i}>
                <Field
                  label={`Filter ${i + 1} field`}
                  name={`f${i}.field`}
                  id={`f${i}-field`}
                  error={errors[`f${i}.field`]}
                  placeholder={i === 0 ? "e.g. name" : ""}
                />
                <SelectField
                  label={`Filter ${i + 1} condition`}
                  name={`f${i}.condition`}
                  id={`f${i}-condition`}
                  options={CONDITIONS.map((c) => ({ value: c, label: c }))}
                  defaultValue={i === 0 ? "like" : "eq"}
                />
                <Field
                  label={`Filter ${i + 1} value`}
                  name={`f${i}.value`}
                  id={`f${i}-value`}
                  error={errors[`f${i}.value`]}
                  placeholder={i === 0 ? "e.g. %bag%" : ""}
                />
                <SelectField
                  label={`Filter ${i + 1} group`}
                  name={`f${i}.group`}
                  id={`f${i}-group`}
                  options={["1", "2", "3"].map((g) => ({ value: g, label: g }))}
                  defaultValue={String(i + 1)}
                />
              </div>
            ))}
            <div className="form-row">
              <Field label="Sort field" name="sort.field" id="sort-field" />
              <SelectField
                label="Sort direction"
                name="sort.direction"
                id="sort-direction"
                options={[
                  { value: "ASC", label: "ASC" },
                  { value: "DESC", label: "DESC" },
                ]}
              />
              <Field
                label="pageSize"
                name="pageSize"
                id="page-size"
                inputMode="numeric"
                error={errors.pageSize}
                defaultValue={props.isList ? "10" : ""}
              />
              <Field
                label="currentPage"
                name="currentPage"
                id="current-page"
                inputMode="numeric"
                error={errors.currentPage}
              />
            </div>
          </fieldset>
        ) : null}
        <div className="form-row">
          <Field
            label="fields"
            name="fields"
            id="fields"
            error={errors.fields}
            hint={
              props.isList
                ? "e.g. items[sku,name,price],total_count"
                : "e.g. sku,name,extension_attributes[stock_item[qty]]"
            }
          />
          <Field
            label="Store code"
            name="storeCode"
            id="store-code"
            error={errors.storeCode}
            hint="Empty: rest/V1; or default, all, a store code"
          />
        </div>
        <TextAreaField
          label="Other query parameters"
          name="query"
          id="query"
          rows={2}
          style={{ minHeight: "3rem" }}
          error={errors.query}
          hint={
            props.requiredQuery.length
              ? `One name=value per line. Required: ${props.requiredQuery.join(", ")}`
              : "One name=value per line"
          }
        />
        {hasBody ? (
          <TextAreaField
            label="JSON body"
            name="body"
            id="body"
            placeholder={props.bodyExample ?? ""}
            hint="Empty until you write one: the grey text shows the shape this operation takes."
            error={errors.body}
          />
        ) : null}
        <div className="form-actions">
          <Button disabled={pending || confirming}>{pending ? "Sending…" : `Send signed ${props.method}`}</Button>
          {props.unavailableNote ? <span className="muted">{props.unavailableNote}</span> : null}
        </div>
        {confirming ? (
          <div
            className="confirm-panel"
            role="alertdialog"
            aria-labelledby="confirm-title"
            aria-describedby="confirm-text"
            tabIndex={-1}
            ref={questionRef}
            onKeyDown={(e) => {
              if (e.key === "Escape") {
                e.preventDefault();
                cancel();
              }
            }}
          >
            <p className="alert__title" id="confirm-title">
              Send this {props.method} to {props.storeHost}?
            </p>
            <p id="confirm-text">
              It changes data in the store itself (a {props.method} is not a preview), signed with this
              integration&apos;s token.
            </p>
            <div className="form-actions">
              {lastSent.current ? (
                <button type="button" className={buttonClass("danger")} onClick={confirm}>
                  Yes, send {props.method}
                </button>
              ) : (
                // without JavaScript: the same form again, confirmed
                <Button type="submit" name="confirmed" value="yes" variant="danger">
                  Yes, send {props.method}
                </Button>
              )}
              <Button type="button" variant="secondary" onClick={cancel}>
                Cancel
              </Button>
            </div>
          </div>
        ) : null}
      </form>
      <section aria-label="Response" aria-live="polite" style={{ marginTop: "1rem" }}>
        {result.kind === "invalid" && !stale ? (
          <Alert tone="error" title="Nothing was sent: fix the inputs marked above" />
        ) : null}
        {result.kind === "unsupported" ? (
          <Alert tone="warning" title="Not sent">
            {result.message}
          </Alert>
        ) : null}
        {result.kind === "response" ? (
          <div className="stack">
            <Alert
              tone={result.ok ? "success" : result.status === 404 ? "warning" : "error"}
              title={`HTTP ${result.status || "—"} in ${result.durationMs} ms`}
            >
              {result.storeMessage ? (
                <p>
                  The store said: <q data-testid="explorer-store-message">{result.storeMessage}</q>
                </p>
              ) : null}
              {result.explanation ? (
                <>
                  <p>
                    <strong>{result.explanation.title}.</strong> {result.explanation.advice}
                  </p>
                </>
              ) : null}
              <p className="mono" style={{ wordBreak: "break-all" }}>
                {result.url}
              </p>
            </Alert>
            <details open>
              <summary>Response body</summary>
              <pre data-testid="explorer-body">{result.body}</pre>
            </details>
            {result.headers.length > 0 ? (
              <details>
                <summary>Response headers</summary>
                <pre>{result.headers.map(([k, v]) => `${k}: ${v}`).join("\n")}</pre>
              </details>
            ) : null}
            <details>
              <summary>Equivalent curl (secrets masked)</summary>
              <pre data-testid="explorer-curl">{result.curl}</pre>
              <p className="field__hint">
                An OAuth signature is valid for one nonce and timestamp: sign again to replay it
                (packages/client/src/oauth).
              </p>
            </details>
          </div>
        ) : null}
      </section>
    </>
  );
}
