import { Alert, Card, PageHeader } from "@/app/components/ui";
import { ActionForm, SubmitButton } from "@/app/components/form/ActionForm";
import { door } from "@/app/_kit";
import { verifyLinkRequestAction } from "./actions";

export const metadata = { title: "Confirm your link request" };
export const dynamic = "force-dynamic";

/**
 * The link a link request's verification mail carries. Opening it files nothing (mail scanners open every link):
 * the page names the store, and the button (a POST) files the request as verified.
 */
export default async function VerifyLinkRequestPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const sp = await searchParams;
  const token = typeof sp.token === "string" ? sp.token : "";
  const state = await (await door()).identity.linkRequestLinkState(token);
  return (
    <div className="auth-page">
      <PageHeader title="Confirm your link request" />
      {!state.ok ? (
        <Alert tone="error" title="This link cannot be used">
          <p>{state.error}</p>
          <p>Complete the store&apos;s activation popup again to get a new link.</p>
        </Alert>
      ) : (
        <Card>
          <p>
            Ask the people already linked to the store <strong>{state.storeHost}</strong> to link your account,{" "}
            <strong>{state.email}</strong>. They see your request, with this address marked as verified, once you
            confirm; one of them decides.
          </p>
          <ActionForm
            action={verifyLinkRequestAction.bind(null, token)}
            warnOnLeave={false}
            aria-label="Confirm link request"
          >
            <div className="form-actions">
              <SubmitButton pendingLabel="Sending…">Send my request</SubmitButton>
            </div>
          </ActionForm>
        </Card>
      )}
    </div>
  );
}
