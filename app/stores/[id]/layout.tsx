import type { ReactNode } from "react";
import { loadStore } from "@/app/_kit";
import { LinkRequests } from "./_components/LinkRequests";

/**
 * Every page under /stores/[id]: the store must be one of the signed-in user's, else 404 (checked here, above
 * the pages' loading boundaries, so the status is a real 404 and not a 200 with a not-found screen). Pending
 * link requests for the store are shown to its linked users on every page.
 */
export default async function StoreLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ id: string }>;
}) {
  const { id } = await params;
  const requests = await (await loadStore(id)).linkRequests();
  return (
    <>
      {requests.length > 0 ? <LinkRequests installationId={id} requests={requests} /> : null}
      {children}
    </>
  );
}
