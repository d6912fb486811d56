import { isSameOriginRequest } from "@magento-integration/handshake/auth";
import { door } from "@/app/_kit";

export const dynamic = "force-dynamic";

/** POST /logout from the header's Sign out form. Cross-site POSTs are refused (CSRF). */
export async function POST(request: Request): Promise<Response> {
  if (!isSameOriginRequest(request.headers, request.url)) {
    return new Response("Cross-site sign-out refused.\n", { status: 403, headers: { "Content-Type": "text/plain" } });
  }
  await (await door()).auth.signOut();
  return new Response(null, { status: 303, headers: { Location: "/" } });
}
