/** The store REST client and what it says about stores (re-exported by ../index.ts, the package's main entry). */
export { createMagentoClient, OperationCallError } from "./client.ts";
export type {
  HttpMethod,
  MagentoAuth,
  MagentoClient,
  MagentoClientOptions,
  MagentoResponse,
  PaginateOptions,
  RequestArgs,
  RequestSpec,
  SearchCriteriaInput,
  SignatureChoice,
  CallArgs,
  BulkCallOptions,
  BulkChunkResult,
} from "./types.ts";
export {
  BULK_STATUS,
  DEFAULT_BULK_CHUNK,
  bulkPath,
  operationsByIndex,
  operationRequest,
  type AsyncOperationId,
  type BulkRow,
  type BulkAcceptance,
  type BulkStatusCode,
  type BulkOperationState,
} from "./bulk.ts";
export {
  StoreError,
  MagentoApiError,
  MagentoOAuthError,
  ResponseTooLargeError,
  errorFromResponse,
  storeMessageOf,
  type MagentoErrorCode,
  type MagentoOAuthErrorKind,
} from "./errors.ts";
export {
  FAILURE_REASONS,
  classifyHandshakeError,
  reasonFromStoreMessage,
  type FailureReason,
} from "./failure-reasons.ts";
export { codeOfStoreMessage, refusedResources } from "./error-codes.ts";
export {
  renderMessage,
  parseErrorBody,
  parseOAuthProblem,
  type ErrorDetail,
  type ErrorParameters,
} from "./error-message.ts";
export {
  searchCriteria,
  searchCriteriaToQuery,
  parseSearchCriteria,
  SearchCriteriaBuilder,
  SearchCriteriaError,
  type FilterSpec,
} from "./search-criteria.ts";
export {
  CONDITION_TYPES,
  type ConditionType,
  type SearchCriteria,
  type SearchFilter,
  type SearchFilterGroup,
  type SortOrder,
  type SortDirection,
} from "./search-criteria-types.ts";
export { fields, listFields, validateFields, FieldsSyntaxError, type FieldSpec } from "./fields.ts";
export {
  buildQuery,
  fillPath,
  normaliseBaseUrl,
  restUrl,
  PathParamError,
  StoreAddressError,
  QueryError,
  UnsignableUrlError,
} from "./addressing.ts";
export { parseRetryAfter } from "./retry-after.ts";
export {
  MAX_PAGE_SIZE,
  DEFAULT_PAGE_SIZE,
  paginatePages,
  defaultUniqueKey,
  pagedCriteria,
  pagedFields,
} from "./paginate.ts";
export { fetchRequestToken, fetchAccessToken, type HandshakeOptions, type HandshakeResult } from "./oauth-endpoints.ts";
export { fetchAdminToken, fetchCustomerToken, type UserTokenOptions } from "./tokens.ts";
export {
  CATALOGUE,
  findOperation,
  findListOperation,
  type Operation,
  type OperationKind,
  type Edition,
  type OperationId,
  type CatalogueEntry,
  type PathParamNames,
  type PathParamsOf,
  type RequiredQueryOf,
} from "./catalogue.ts";
export { DEFAULT_SIGNATURE } from "./signature-fallback.ts";
export { SignatureFamily } from "./signature-family.ts";
export {
  DEFAULT_MAX_RESPONSE_BYTES,
  TOKEN_RESPONSE_MAX_BYTES,
  dispatcherOf,
  type FetchWithDispatcher,
} from "./transport.ts";
export { DEFAULT_MAX_CONNECTIONS } from "./client.ts";
