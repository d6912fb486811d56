import Link from "next/link";
import { redirect } from "next/navigation";
import { Alert, Card, PageHeader } from "@/app/components/ui";
import { door, getCurrentUser } from "@/app/_kit";
import { IDENTITY_PATH } from "@magento-integration/handshake";
import { safeNextPath } from "@/lib/kit";
import { LinkingNotice } from "@/app/login/LinkingNotice";
import { signInAction } from "./actions";
import { AuthForm } from "./AuthForm";
import { RefreshWhenSignedOut } from "./RefreshWhenSignedOut";

export const metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const sp = await searchParams;
  const next = safeNextPath(sp.next);
  if (await getCurrentUser()) redirect(next);
  const fromStore = next.startsWith(IDENTITY_PATH);
  const linking = fromStore ? await (await door()).identity.storeBeingLinked(next) : null;
  return (
    <div className="auth-page">
      <PageHeader
        title="Sign in"
        description={
          fromStore
            ? "Sign in to link your Magento store to this app. This window returns to the store when done."
            : undefined
        }
      />
      {sp.reason === "session_ended" ? (
        <Alert tone="info" title="Your session ended">
          <RefreshWhenSignedOut />
          Sign in again to go back to the page you were on; anything you had typed there and not saved is filled in
          again.
        </Alert>
      ) : null}
      {sp.reset === "1" ? (
        <Alert tone="success" title="Your password was changed">
          Sign in with the new one. Every other browser was signed out.
        </Alert>
      ) : null}
      {fromStore ? <LinkingNotice store={linking} verb="Signing in" /> : null}
      <Card>
        <AuthForm action={signInAction} submitLabel="Sign in" next={next} />
        <p className="muted">
          No account yet? <Link href={`/signup?next=${encodeURIComponent(next)}`}>Create account</Link>
        </p>
      </Card>
    </div>
  );
}
