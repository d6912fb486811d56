/**
 * Admin and customer tokens (magento/magento2 app/code/Magento/Integration/etc/webapi.xml, anonymous): the auth
 * layer issues them (../../auth/token-endpoints.ts: credentials, lockout, token kind); the route table lists them so
 * the schema describes them.
 */
import type { RouteDef } from "../route.ts";

const credentials = [
  {
    name: "username",
    type: "string" as const,
    required: true,
    description: "Admin user name, or the customer's email",
  },
  { name: "password", type: "string" as const, required: true, description: "Password" },
];

export const integrationRoutes: RouteDef[] = [
  {
    method: "POST",
    path: "/V1/integration/admin/token",
    service: "integrationAdminTokenServiceV1",
    operation: "createAdminAccessToken",
    aclResource: "anonymous",
    rawBody: true,
    summary: "An admin token (Bearer) for a user name and password",
    body: credentials,
    returns: "string",
    handler: (ctx) => ctx.issueUserToken("admin", ctx.rawBody),
  },
  {
    method: "POST",
    path: "/V1/integration/customer/token",
    service: "integrationCustomerTokenServiceV1",
    operation: "createCustomerAccessToken",
    aclResource: "anonymous",
    rawBody: true,
    summary: "A customer token (Bearer) for an email and password",
    body: credentials,
    returns: "string",
    handler: (ctx) => ctx.issueUserToken("customer", ctx.rawBody),
  },
];
