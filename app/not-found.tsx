import Link from "next/link";
import { PageHeader } from "@/app/components/ui";

/** Every unknown address, and stores that are not the signed-in user's (answered 404). */
export default function NotFound() {
  return (
    <div className="stack narrow-page">
      <PageHeader
        title="Page not found"
        description="There is nothing at this address, or it belongs to another account."
      />
      <p>
        <Link href="/stores">Go to your stores</Link> or <Link href="/">the start page</Link>.
      </p>
    </div>
  );
}
