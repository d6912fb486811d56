import Link from "next/link";
import { redirect } from "next/navigation";
import { Card, PageHeader } from "@/app/components/ui";
import { getCurrentUser, safeNextPath } from "@/lib/kit";
import { signInAction } from "./actions";
import { AuthForm } from "./AuthForm";

export const metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const next = safeNextPath((await searchParams).next);
  if (await getCurrentUser()) redirect(next);
  const fromStore = next.startsWith("/integration/identity");
  return (
    <div className="auth-page">
      <PageHeader
        title="Sign in"
        description={fromStore ? "Sign in to link your Magento store to this app. This window returns to the store when done." : undefined}
      />
      <Card>
        <AuthForm action={signInAction} submitLabel="Sign in" next={next} />
        <p className="muted">
          No account yet? <Link href={`/signup?next=${encodeURIComponent(next)}`}>Create account</Link>
        </p>
      </Card>
    </div>
  );
}
