import { Card, PageHeader } from "@/app/components/ui";
import { ActionForm, FormField, SubmitButton } from "@/app/components/form/ActionForm";
import { requireUser } from "@/app/_kit";
import { changeEmailAction, changePasswordAction } from "./actions";

export const metadata = { title: "Your account" };
export const dynamic = "force-dynamic";

export default async function AccountPage() {
  const user = await requireUser("/account");
  return (
    <div className="stack narrow-page">
      <PageHeader title="Your account" description={`Signed in as ${user.email}.`} />
      <Card title="Sign-in email">
        <ActionForm action={changeEmailAction} initialValues={{ email: user.email }} aria-label="Change email">
          <FormField label="Email" name="email" type="email" autoComplete="email" required />
          <FormField
            label="Current password"
            name="current"
            id="email-current"
            type="password"
            autoComplete="current-password"
            required
          />
          <div className="form-actions">
            <SubmitButton pendingLabel="Saving…">Change email</SubmitButton>
          </div>
        </ActionForm>
      </Card>
      <Card title="Password">
        <ActionForm action={changePasswordAction} aria-label="Change password">
          <FormField
            label="Current password"
            name="current"
            id="password-current"
            type="password"
            autoComplete="current-password"
            required
          />
          <FormField
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={10}
            hint="At least 10 characters."
          />
          <FormField label="New password again" name="confirm" type="password" autoComplete="new-password" required />
          <div className="form-actions">
            <SubmitButton pendingLabel="Saving…">Change password</SubmitButton>
          </div>
        </ActionForm>
        <p className="muted">Changing your email or password signs out every other browser where you are signed in.</p>
      </Card>
    </div>
  );
}
