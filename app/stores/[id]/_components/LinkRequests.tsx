import { Alert, Button } from "@/app/components/ui";
import { answerLinkRequestAction } from "./link-request-actions";

/** Accounts waiting to be linked to this store: any linked user approves or declines them. */
export function LinkRequests({
  installationId,
  requests,
}: {
  installationId: string;
  requests: Array<{ id: string; email: string; createdAt: Date; verifiedAt: Date }>;
}) {
  return (
    <Alert
      tone="warning"
      title={`${requests.length === 1 ? "An account asks" : `${requests.length} accounts ask`} to be linked to this store`}
    >
      <p>
        They opened this store&apos;s identity link while it was being activated. Anyone who knows the
        integration&apos;s consumer key can do that. Each email below was verified: its owner followed a link we mailed
        to it. That proves who reads the address, not who the person is. Approve only people you know: a linked account
        reads the store&apos;s data.
      </p>
      <ul className="stack">
        {requests.map((r) => (
          <li key={r.id} data-testid="link-request">
            <p>
              <strong>{r.email}</strong>{" "}
              <span className="muted">
                email verified {r.verifiedAt.toISOString().slice(0, 16).replace("T", " ")} UTC
              </span>
            </p>
            <form action={answerLinkRequestAction} className="form-actions">
              <input type="hidden" name="installationId" value={installationId} />
              <input type="hidden" name="requestId" value={r.id} />
              <Button type="submit" name="decision" value="approve" variant="secondary">
                Approve {r.email}
              </Button>
              <Button type="submit" name="decision" value="deny" variant="secondary">
                Decline {r.email}
              </Button>
            </form>
          </li>
        ))}
      </ul>
    </Alert>
  );
}
