import Link from "next/link";
import { redirect } from "next/navigation";
import { Card, PageHeader } from "@/app/components/ui";
import { door, getCurrentUser } from "@/app/_kit";
import { IDENTITY_PATH } from "@magento-integration/handshake";
import { safeNextPath } from "@/lib/kit";
import { LinkingNotice } from "@/app/login/LinkingNotice";
import { signUpAction } from "@/app/login/actions";
import { AuthForm } from "@/app/login/AuthForm";

export const metadata = { title: "Create account" };
export const dynamic = "force-dynamic";

export default async function SignUpPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const next = safeNextPath((await searchParams).next);
  if (await getCurrentUser()) redirect(next);
  const fromStore = next.startsWith(IDENTITY_PATH);
  const linking = fromStore ? await (await door()).identity.storeBeingLinked(next) : null;
  return (
    <div className="auth-page">
      <PageHeader
        title="Create account"
        description={
          fromStore
            ? "Create an account to link your Magento store. This window returns to the store when done."
            : undefined
        }
      />
      {fromStore ? <LinkingNotice store={linking} verb="Creating an account" /> : null}
      <Card>
        <AuthForm
          action={signUpAction}
          submitLabel="Create account"
          next={next}
          passwordHint="At least 10 characters."
        />
        <p className="muted">
          Already have an account? <Link href={`/login?next=${encodeURIComponent(next)}`}>Sign in</Link>
        </p>
      </Card>
    </div>
  );
}
