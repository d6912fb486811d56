/**
 * Customer account management beyond the repository (magento/magento2 app/code/Magento/Customer/etc/webapi.xml,
 * "Customer Account"; behaviour of Customer/Model/AccountManagement.php): activation and confirmation (the dev
 * store does not require confirmation, customer/create_account/confirm = No), password change and reset, validation
 * and the read-only flag.
 */
import { randomBytes } from "node:crypto";
import type { Customer } from "../../data/index.ts";
import { RestError } from "../types.ts";
import { badRequest, invalidFieldValue, noSuchEntityFields } from "../errors.ts";
import type { RouteContext, RouteDef } from "../route.ts";
import { intParam, optional, requireBody, requireObject, toInt, toStr } from "./input.ts";
import { requireCustomer } from "./customers.ts";
import { checkPasswordStrength } from "../customer/password-policy.ts";

const MANAGE = "Magento_Customer::manage";
/** customer/password/reset_link_expiration_period (hours). */
const RESET_TOKEN_HOURS = 2;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function byEmail(ctx: RouteContext, email: string, websiteId: number): Customer {
  const c = ctx.data.customerByEmail(email, websiteId);
  if (!c) throw noSuchEntityFields("email", email, "websiteId", websiteId);
  return c;
}

function checkResetToken(ctx: RouteContext, c: Customer, token: string): void {
  const stored = ctx.data.resetTokens.get(c.id);
  if (!stored || stored.token !== token) throw badRequest("The password token is mismatched. Reset and try again.");
  if (ctx.now() - stored.issuedAt > RESET_TOKEN_HOURS * 3_600_000)
    throw badRequest("The password token is expired. Reset and try again.");
}

/** activate/activateById: with confirmation off every account is already active. */
function activate(_c: Customer): never {
  throw badRequest("The account is already active.");
}

export const customerAccountRoutes: RouteDef[] = [
  {
    method: "PUT",
    path: "/V1/customers/me/activate",
    service: "customerAccountManagementV1",
    operation: "activateById",
    aclResource: "self",
    summary: "Activate the signed-in customer's account with the emailed key",
    body: [{ name: "confirmationKey", type: "string", required: true, description: "Key from the confirmation email" }],
    returns: "Customer",
    handler: (ctx) => {
      requireBody(ctx.body, ["confirmationKey"]);
      if (ctx.caller.kind !== "customer") throw badRequest("The account is already active.");
      return activate(requireCustomer(ctx.data, ctx.caller.customerId));
    },
  },
  {
    method: "PUT",
    path: "/V1/customers/:email/activate",
    service: "customerAccountManagementV1",
    operation: "activate",
    aclResource: MANAGE,
    summary: "Activate an account by email with the emailed key",
    body: [{ name: "confirmationKey", type: "string", required: true, description: "Key from the confirmation email" }],
    returns: "Customer",
    handler: (ctx) => {
      requireBody(ctx.body, ["confirmationKey"]);
      return activate(byEmail(ctx, ctx.params.email ?? "", ctx.store.website_id || 1));
    },
  },
  {
    method: "PUT",
    path: "/V1/customers/me/password",
    service: "customerAccountManagementV1",
    operation: "changePasswordById",
    aclResource: "self",
    summary: "Change the signed-in customer's password",
    body: [
      { name: "currentPassword", type: "string", required: true, description: "Current password" },
      { name: "newPassword", type: "string", required: true, description: "New password" },
    ],
    returns: "boolean",
    handler: (ctx) => {
      requireBody(ctx.body, ["currentPassword", "newPassword"]);
      if (ctx.caller.kind !== "customer") throw badRequest("The account sign-in was incorrect.");
      const c = requireCustomer(ctx.data, ctx.caller.customerId);
      // InvalidEmailOrPasswordException is an AuthenticationException: 401.
      if (ctx.data.verifyCustomerPassword(c.email, toStr(ctx.body.currentPassword)) !== c.id)
        throw new RestError(401, "The password doesn't match this account. Verify the password and try again.");
      const next = toStr(ctx.body.newPassword);
      checkPasswordStrength(next);
      ctx.data.setCustomerPassword(c.id, next);
      return true;
    },
  },
  {
    method: "GET",
    path: "/V1/customers/:customerId/password/resetLinkToken/:resetPasswordLinkToken",
    service: "customerAccountManagementV1",
    operation: "validateResetPasswordLinkToken",
    aclResource: "anonymous",
    summary: "Check a password reset token",
    returns: "boolean",
    handler: (ctx) => {
      checkResetToken(
        ctx,
        requireCustomer(ctx.data, intParam(ctx.params, "customerId")),
        ctx.params.resetPasswordLinkToken ?? "",
      );
      return true;
    },
  },
  {
    method: "PUT",
    path: "/V1/customers/password",
    service: "customerAccountManagementV1",
    operation: "initiatePasswordReset",
    aclResource: "anonymous",
    summary: "Email a password reset link (the dev store keeps the token instead of sending mail)",
    body: [
      { name: "email", type: "string", required: true, description: "Account email" },
      { name: "template", type: "string", required: true, description: "email_reset or email_reminder" },
      { name: "websiteId", type: "integer", description: "Website (default: the store's)" },
    ],
    returns: "boolean",
    handler: (ctx) => {
      requireBody(ctx.body, ["email", "template"]);
      const template = toStr(ctx.body.template);
      if (template !== "email_reset" && template !== "email_reminder") throw invalidFieldValue("template", template);
      const c = byEmail(
        ctx,
        toStr(ctx.body.email),
        optional(ctx.body, "websiteId", toInt) ?? (ctx.store.website_id || 1),
      );
      ctx.data.resetTokens.set(c.id, { token: randomBytes(16).toString("hex"), issuedAt: ctx.now() });
      return true;
    },
  },
  {
    method: "POST",
    path: "/V1/customers/resetPassword",
    service: "customerAccountManagementV1",
    operation: "resetPassword",
    aclResource: "anonymous",
    summary: "Set a new password with a reset token",
    body: [
      { name: "email", type: "string", required: true, description: "Account email" },
      { name: "resetToken", type: "string", required: true, description: "Token from the reset email" },
      { name: "newPassword", type: "string", required: true, description: "New password" },
    ],
    returns: "boolean",
    handler: (ctx) => {
      requireBody(ctx.body, ["email", "resetToken", "newPassword"]);
      const c = byEmail(ctx, toStr(ctx.body.email), ctx.store.website_id || 1);
      checkResetToken(ctx, c, toStr(ctx.body.resetToken));
      const next = toStr(ctx.body.newPassword);
      checkPasswordStrength(next);
      ctx.data.setCustomerPassword(c.id, next);
      ctx.data.resetTokens.delete(c.id);
      return true;
    },
  },
  {
    method: "GET",
    path: "/V1/customers/:customerId/confirm",
    service: "customerAccountManagementV1",
    operation: "getConfirmationStatus",
    aclResource: MANAGE,
    summary: "Whether the account needs email confirmation",
    returns: "string",
    handler: (ctx) => {
      requireCustomer(ctx.data, intParam(ctx.params, "customerId"));
      return "account_confirmation_not_required";
    },
  },
  {
    method: "POST",
    path: "/V1/customers/confirm",
    service: "customerAccountManagementV1",
    operation: "resendConfirmation",
    aclResource: MANAGE,
    summary: "Resend the confirmation email",
    body: [
      { name: "email", type: "string", required: true, description: "Account email" },
      { name: "websiteId", type: "integer", required: true, description: "Website" },
      { name: "redirectUrl", type: "string", description: "Where the link leads" },
    ],
    returns: "boolean",
    handler: (ctx) => {
      requireBody(ctx.body, ["email", "websiteId"]);
      byEmail(ctx, toStr(ctx.body.email), toInt(ctx.body.websiteId));
      throw badRequest("Confirmation isn't needed.");
    },
  },
  {
    method: "PUT",
    path: "/V1/customers/validate",
    service: "customerAccountManagementV1",
    operation: "validate",
    aclResource: MANAGE,
    summary: "Validate customer data without saving it",
    body: [{ name: "customer", type: "object", required: true, description: "Customer" }],
    returns: "{valid, messages[]}",
    handler: (ctx) => {
      const c = requireObject(ctx.body, "customer");
      const messages: string[] = [];
      for (const [field, label] of [
        ["firstname", "First Name"],
        ["lastname", "Last Name"],
        ["email", "Email"],
      ] as const) {
        if (c[field] === undefined || c[field] === null || String(c[field]).trim() === "")
          messages.push(`"${label}" is a required value.`);
      }
      if (typeof c.email === "string" && c.email !== "" && !EMAIL.test(c.email))
        messages.push(`"Email" is not a valid email address.`);
      if (c.group_id !== undefined && !ctx.data.customerGroups.has(toInt(c.group_id)))
        messages.push("The specified customer group does not exist.");
      return { valid: messages.length === 0, messages };
    },
  },
  {
    method: "GET",
    path: "/V1/customers/:customerId/permissions/readonly",
    service: "customerAccountManagementV1",
    operation: "isReadonly",
    aclResource: "Magento_Customer::customer",
    summary: "Whether the account is read-only",
    returns: "boolean",
    handler: (ctx) => {
      requireCustomer(ctx.data, intParam(ctx.params, "customerId"));
      return false;
    },
  },
];
