/** lib/auth: accounts, sessions, sign-in throttling, password reset. The kit's verbs (lib/verbs/auth.ts) use the modules; the app uses these. */
export { emailSchema, newPasswordSchema, signInSchema, signUpSchema } from "./credentials-schema";
export {
  changeEmailSchema,
  changePasswordSchema,
  LINK_PROBLEMS,
  newPasswordFormSchema,
  resetRequestSchema,
  RESET_TTL_MS,
  RESETS_PER_HOUR,
  type AccountChangeResult,
  type ResetRequestResult,
  type ResetResult,
} from "./password-reset";
export { isSameOriginRequest } from "./same-origin";
export { SESSION_TTL_MS } from "./sessions";
export type { AppUser, AuthResult } from "./users";
export { REQUEST_PATH_HEADER, requestPathOf, signInPath, type SignInReason } from "./return-path";
