import Link from "next/link";
import { Alert, Card, PageHeader } from "@/app/components/ui";
import { ActionForm, FormField, SubmitButton } from "@/app/components/form/ActionForm";
import { door } from "@/app/_kit";
import { safeNextPath } from "@/lib/kit";
import { LINK_PROBLEMS } from "@magento-integration/handshake/auth";
import { setNewPasswordAction } from "../actions";

export const metadata = { title: "Set a new password" };
export const dynamic = "force-dynamic";

/** Step 2: the link from the email. A used, expired or unknown link says so and offers a new one. */
export default async function NewPasswordPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const sp = await searchParams;
  const token = typeof sp.token === "string" ? sp.token : "";
  const next = safeNextPath(sp.next, "");
  const state = await (await door()).auth.resetLinkState(token);
  const again = next ? `/reset?next=${encodeURIComponent(next)}` : "/reset";
  return (
    <div className="auth-page">
      <PageHeader title="Set a new password" />
      {state !== "valid" ? (
        <Alert tone="error" title="This link cannot be used">
          <p>{LINK_PROBLEMS[state]}</p>
          <p>
            <Link href={again}>Ask for a new link</Link>
          </p>
        </Alert>
      ) : (
        <Card>
          <ActionForm action={setNewPasswordAction.bind(null, token, next)} aria-label="Set a new password">
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
              <SubmitButton pendingLabel="Saving…">Set password</SubmitButton>
            </div>
          </ActionForm>
          <p className="muted">Setting it signs you out everywhere; then sign in with the new password.</p>
        </Card>
      )}
    </div>
  );
}
