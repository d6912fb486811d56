/** The store-name form's anchor on Diagnostics: the stores list links a store known only by its host straight to it. */
export const LABEL_FORM_ID = "store-name";
