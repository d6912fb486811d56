import { Alert, Card, PageHeader } from "@/app/components/ui";
import { requireUser } from "@/app/_kit";
import { ManualForm } from "./ManualForm";

export const metadata = { title: "Add a store with tokens" };
export const dynamic = "force-dynamic";

export default async function ManualStorePage() {
  await requireUser("/stores/manual");
  return (
    <div className="stack">
      <PageHeader
        title="Add a store with tokens"
        description="For an integration saved without Callback URL or Identity link URL: Magento shows its four tokens after Activate. Paste them here; the app checks them with one signed call before saving."
        breadcrumbs={[{ href: "/stores", label: "Stores" }, { label: "Add with tokens" }]}
      />
      <Alert tone="warning">
        Reauthorize in the store admin creates new tokens and breaks these: paste the new ones here afterwards.
      </Alert>
      <Card>
        <ManualForm />
      </Card>
    </div>
  );
}
