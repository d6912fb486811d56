import Link from "next/link";
import { Alert, Card, PageHeader } from "@/app/components/ui";
import { ActionForm, FormField, SubmitButton } from "@/app/components/form/ActionForm";
import { door } from "@/app/_kit";
import { safeNextPath } from "@/lib/kit";
import { requestResetAction } from "./actions";

export const metadata = { title: "Reset your password" };
export const dynamic = "force-dynamic";

/** Step 1 of a password reset: the address to mail a single-use link to. Keeps the popup's `next`. */
export default async function ResetPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const next = safeNextPath((await searchParams).next, "");
  const kind = (await door()).mail.mailer().kind;
  const back = next ? `/login?next=${encodeURIComponent(next)}` : "/login";
  return (
    <div className="auth-page">
      <PageHeader
        title="Reset your password"
        description="We email you a link to set a new one. It works once, for 30 minutes."
      />
      {kind === "unconfigured" ? (
        <Alert tone="warning" title="Email is not configured on this server">
          <p>
            This app cannot send the reset link: its administrator has not set SMTP_URL (or SMTP_HOST). Ask them to
            reset your password or configure email.
          </p>
        </Alert>
      ) : (
        <Card>
          <ActionForm action={requestResetAction} warnOnLeave={false} aria-label="Reset your password">
            <input type="hidden" name="next" value={next} />
            <FormField label="Email" name="email" type="email" autoComplete="email" required />
            <div className="form-actions">
              <SubmitButton pendingLabel="Sending…">Email me a link</SubmitButton>
            </div>
          </ActionForm>
          {kind === "outbox" ? (
            <p className="muted">
              Development: no SMTP server is configured, so mail goes to the <Link href="/dev/outbox">dev outbox</Link>.
            </p>
          ) : null}
        </Card>
      )}
      <p>
        <Link href={back}>Back to sign in</Link>
      </p>
    </div>
  );
}
