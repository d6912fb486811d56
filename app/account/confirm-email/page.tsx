import { Alert, Card, PageHeader } from "@/app/components/ui";
import { ActionForm, SubmitButton } from "@/app/components/form/ActionForm";
import { door } from "@/app/_kit";
import { confirmEmailAction } from "./actions";

export const metadata = { title: "Confirm your new sign-in email" };
export const dynamic = "force-dynamic";

/**
 * The link mailed to a new sign-in email. Opening it changes nothing (mail scanners open every link): the page
 * says what the button will do, and the button (a POST) does it.
 */
export default async function ConfirmEmailPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const sp = await searchParams;
  const token = typeof sp.token === "string" ? sp.token : "";
  const state = await (await door()).auth.emailChangeLinkState(token);
  return (
    <div className="auth-page">
      <PageHeader title="Confirm your new sign-in email" />
      {!state.ok ? (
        <Alert tone="error" title="This link cannot be used">
          <p>{state.error}</p>
          <p>Ask for the change again on your account page.</p>
        </Alert>
      ) : (
        <Card>
          <p>
            Your account will sign in as <strong>{state.email}</strong> from now on. Every other browser where you are
            signed in is signed out, and your old address is told.
          </p>
          <ActionForm action={confirmEmailAction.bind(null, token)} warnOnLeave={false} aria-label="Confirm new email">
            <div className="form-actions">
              <SubmitButton pendingLabel="Confirming…">Use this email</SubmitButton>
            </div>
          </ActionForm>
        </Card>
      )}
    </div>
  );
}
