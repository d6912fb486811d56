/** lib/forms: the state a server action hands back to its form (values kept, one error per field). Safe in client components. */
export {
  EMPTY_FORM,
  errorsFromZod,
  failed,
  formValues,
  parseForm,
  saved,
  type FormState,
  type FormValues,
} from "./form-state";
