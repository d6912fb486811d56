import { RestError } from "./types.ts";

/**
 * Magento's REST error phrases, verbatim, with their statuses (Webapi ErrorProcessor): NoSuchEntity → 404,
 * authorization → 401 (never 403), input and state errors → 400. Placeholders stay unsubstituted.
 */
export const notAuthorized = (resource: string) =>
  new RestError(401, "The consumer isn't authorized to access %resources.", { resources: resource });

export const noRoute = () => new RestError(404, "Request does not match any route.");

export const productNotFound = () =>
  new RestError(404, "The product that was requested doesn't exist. Verify the product and try again.");

/** NoSuchEntityException::singleField — `No such entity with %fieldName = %fieldValue`. */
export const noSuchEntityField = (fieldName: string, fieldValue: unknown) =>
  new RestError(404, "No such entity with %fieldName = %fieldValue", { fieldName, fieldValue });

/** Sales repositories (orders, invoices, shipments, credit memos). */
export const entityNotFound = () =>
  new RestError(404, "The entity that was requested doesn't exist. Verify the entity and try again.");

export const cmsPageNotFound = (id: string) =>
  new RestError(404, 'The CMS page with the "%1" ID doesn\'t exist.', [id]);
export const cmsBlockNotFound = (id: string) =>
  new RestError(404, 'The CMS block with the "%1" ID doesn\'t exist.', [id]);
export const countryNotAvailable = () => new RestError(404, "The country isn't available.");

export const requiredField = (fieldName: string) =>
  new RestError(400, '"%fieldName" is required. Enter and try again.', { fieldName });

export const invalidFieldValue = (fieldName: string, value: unknown) =>
  new RestError(400, 'Invalid value of "%value" provided for the %fieldName field.', { value, fieldName });

/** ServiceInputProcessor type conversion failure. */
export const wrongType = (value: unknown, type: string) =>
  new RestError(400, 'The "%value" value\'s type is invalid. The "%type" type was expected. Verify and try again.', {
    value,
    type,
  });

export const decodingError = () => new RestError(400, "Decoding error.");

/** Web API input limits (2.4.x, when enabled): SearchCriteriaValidator. */
export const pageSizeTooLarge = (max: number) => new RestError(400, "Maximum SearchCriteria pageSize is %max", { max });

export const badRequest = (message: string, parameters?: Record<string, unknown> | unknown[]) =>
  new RestError(400, message, parameters);

/** ServiceInputProcessor::processInputError: one missing parameter is its own message; several are aggregated. */
export function missingInputs(names: readonly string[]): RestError {
  const one = (fieldName: string) => ({
    message: '"%fieldName" is required. Enter and try again.',
    parameters: { fieldName },
  });
  if (names.length === 1) return new RestError(400, one(names[0]!).message, one(names[0]!).parameters);
  return new RestError(400, "One or more input exceptions have occurred.", undefined, names.map(one));
}

/** A NoSuchEntityException with its own phrase (404). */
export const notFound = (message: string, parameters?: Record<string, unknown> | unknown[]) =>
  new RestError(404, message, parameters);

/** NoSuchEntityException::doubleField. */
export const noSuchEntityFields = (fieldName: string, fieldValue: unknown, field2Name: string, field2Value: unknown) =>
  new RestError(404, "No such entity with %fieldName = %fieldValue, %field2Name = %field2Value", {
    fieldName,
    fieldValue,
    field2Name,
    field2Value,
  });
