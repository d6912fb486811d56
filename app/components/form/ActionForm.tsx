"use client";

import { createContext, useActionState, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { EMPTY_FORM, type FormState } from "@/lib/forms";
import { Alert } from "@/app/components/ui/Alert";
import { Button, type ButtonProps } from "@/app/components/ui/Button";
import {
  Field,
  SelectField,
  TextAreaField,
  type FieldProps,
  type SelectFieldProps,
  type TextAreaFieldProps,
} from "@/app/components/ui/Field";
import { dropDraft, keepDraft, restoreDraft } from "./form-draft";
import { useHydrated } from "./use-hydrated";

/**
 * The one form of the app (lib/forms/form-state.ts): a server action returning FormState through
 * useActionState. Inputs are re-filled from the returned values, errors sit next to their field, focus moves to
 * the first invalid field, a save is confirmed in a status line, leaving with unsaved changes asks first, and the
 * form marks itself `data-hydrated` once React owns it (browser tests wait for that before typing).
 */
interface FormContextValue {
  state: FormState;
  pending: boolean;
  /** Bumped on every answer: inputs remount with the returned values. */
  round: number;
}

/** Asked before an in-app link leaves a form with unsaved changes. */
const LEAVE_QUESTION = "You have unsaved changes on this page. Leave without saving them?";

const FormContext = createContext<FormContextValue>({ state: EMPTY_FORM, pending: false, round: 0 });

export function useFormContext(): FormContextValue {
  return useContext(FormContext);
}

export interface ActionFormProps {
  action: (prev: FormState, form: FormData) => Promise<FormState>;
  children: ReactNode;
  /** Values shown before the first submit (e.g. what the store holds). */
  initialValues?: Record<string, string>;
  /** Warn before leaving with unsaved changes (default true; off for search-like forms). */
  warnOnLeave?: boolean;
  className?: string;
  "aria-label"?: string;
  id?: string;
  autoComplete?: "on" | "off";
}

export function ActionForm({
  action,
  children,
  initialValues,
  warnOnLeave = true,
  className,
  id,
  autoComplete,
  ...rest
}: ActionFormProps) {
  const initial: FormState = { ...EMPTY_FORM, values: initialValues ?? {} };
  const [state, formAction, pending] = useActionState(action, initial);
  const hydrated = useHydrated();
  const [dirty, setDirty] = useState(false);
  const [round, setRound] = useState(0);
  const [answered, setAnswered] = useState(state);
  const formRef = useRef<HTMLFormElement>(null);
  const [restored, setRestored] = useState(false);
  const draftName = rest["aria-label"] ?? id ?? "form";

  // A new answer (adjusted while rendering, so inputs remount with its values in the same commit): clear
  // "dirty" after a save.
  if (answered !== state) {
    setAnswered(state);
    setRound(round + 1);
    if (state.saved) setDirty(false);
  }

  // What was typed before the session ended (form-draft.ts): filled in again once the user is back on this page.
  useEffect(() => {
    if (formRef.current && restoreDraft(formRef.current, draftName)) {
      setRestored(true);
      setDirty(true);
    }
  }, [draftName]);
  // The server answered: the draft is not needed any more.
  useEffect(() => {
    if (round > 0) dropDraft(draftName);
  }, [round, draftName]);

  // After an answer with errors, the first invalid field (or the form's error) gets the focus.
  useEffect(() => {
    if (round === 0) return;
    const form = formRef.current;
    if (!form) return;
    if (Object.keys(state.fieldErrors).length > 0) form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    else if (state.formError) form.querySelector<HTMLElement>("[data-form-error]")?.focus();
  }, [round, state]);

  useEffect(() => {
    if (!warnOnLeave || !dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = ""; // older browsers need it set to show the prompt
    };
    // In-app links (next/link navigates without unloading): ask before React's click handler runs (capture phase).
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const link = e.target instanceof Element ? e.target.closest("a[href]") : null;
      if (!(link instanceof HTMLAnchorElement) || link.target === "_blank" || link.hasAttribute("download")) return;
      const to = new URL(link.href, window.location.href);
      if (
        to.origin !== window.location.origin ||
        (to.pathname === window.location.pathname && to.search === window.location.search)
      )
        return;
      if (!window.confirm(LEAVE_QUESTION)) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick, true);
    };
  }, [dirty, warnOnLeave]);

  const showSaved = state.saved && !dirty;
  return (
    <FormContext.Provider value={{ state, pending, round }}>
      <form
        ref={formRef}
        action={formAction}
        noValidate
        id={id}
        className={className ?? "stack"}
        autoComplete={autoComplete}
        aria-label={rest["aria-label"]}
        data-hydrated={hydrated ? "true" : undefined}
        data-dirty={dirty ? "true" : undefined}
        onInput={() => setDirty(true)}
        onSubmit={(e) => {
          keepDraft(e.currentTarget, draftName);
          setRestored(false);
          setDirty(false);
        }}
      >
        {restored ? (
          <Alert tone="info" title="What you typed is back">
            It was not saved before your session ended. Check it and save again.
          </Alert>
        ) : null}
        {state.formError ? (
          <div data-form-error tabIndex={-1}>
            <Alert tone="error">{state.formError}</Alert>
          </div>
        ) : null}
        {children}
        <p className="form-status" role="status" aria-live="polite" data-testid="form-status">
          {showSaved ? <span className="form-status__saved">{state.saved!.message}</span> : null}
        </p>
      </form>
    </FormContext.Provider>
  );
}

/** The value to show: what the last answer sent back, else the initial value. */
function valueOf(ctx: FormContextValue, name: string, fallback: unknown): string | undefined {
  const v = ctx.state.values[name];
  if (v !== undefined) return v;
  return typeof fallback === "string" ? fallback : fallback === undefined ? undefined : String(fallback);
}

/** An input of an ActionForm: re-filled from the answer, its error next to it. */
export function FormField(props: FieldProps) {
  const ctx = useFormContext();
  const { defaultValue, error, ...rest } = props;
  return (
    <Field
      key={`${props.name}-${ctx.round}`}
      {...rest}
      defaultValue={valueOf(ctx, props.name, defaultValue)}
      error={error ?? ctx.state.fieldErrors[props.name]}
    />
  );
}

export function FormSelect(props: SelectFieldProps) {
  const ctx = useFormContext();
  const { defaultValue, error, ...rest } = props;
  return (
    <SelectField
      key={`${props.name}-${ctx.round}`}
      {...rest}
      defaultValue={valueOf(ctx, props.name, defaultValue)}
      error={error ?? ctx.state.fieldErrors[props.name]}
    />
  );
}

export function FormTextArea(props: TextAreaFieldProps) {
  const ctx = useFormContext();
  const { defaultValue, error, ...rest } = props;
  return (
    <TextAreaField
      key={`${props.name}-${ctx.round}`}
      {...rest}
      defaultValue={valueOf(ctx, props.name, defaultValue)}
      error={error ?? ctx.state.fieldErrors[props.name]}
    />
  );
}

/** The submit button: disabled while the action runs, with its own busy label. */
export function SubmitButton({ children, pendingLabel, ...rest }: ButtonProps & { pendingLabel?: string }) {
  const { pending } = useFormContext();
  return (
    <Button type="submit" disabled={pending} aria-disabled={pending} {...rest}>
      {pending && pendingLabel ? pendingLabel : children}
    </Button>
  );
}
