/** lib/magento: the store REST client. */
export { createMagentoClient, OperationCallError } from "./client";
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
} from "./types";
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
} from "./bulk";
export {
  StoreError,
  MagentoApiError,
  MagentoOAuthError,
  ResponseTooLargeError,
  errorFromResponse,
  storeMessageOf,
  type MagentoErrorCode,
  type MagentoOAuthErrorKind,
} from "./errors";
export {
  STORE_ADVICE,
  ADMIN_SIDE_PROBLEMS,
  adviceFor,
  type Advice,
  type AdviceAction,
  type StoreProblem,
} from "./store-advice";
export { codeOfStoreMessage, refusedResources } from "./error-codes";
export {
  renderMessage,
  parseErrorBody,
  parseOAuthProblem,
  type ErrorDetail,
  type ErrorParameters,
} from "./error-message";
export {
  searchCriteria,
  searchCriteriaToQuery,
  parseSearchCriteria,
  SearchCriteriaBuilder,
  SearchCriteriaError,
  type FilterSpec,
} from "./search-criteria";
export {
  CONDITION_TYPES,
  type ConditionType,
  type SearchCriteria,
  type SearchFilter,
  type SearchFilterGroup,
  type SortOrder,
  type SortDirection,
} from "./search-criteria-types";
export { fields, listFields, validateFields, FieldsSyntaxError, type FieldSpec } from "./fields";
export {
  buildQuery,
  fillPath,
  normaliseBaseUrl,
  restUrl,
  PathParamError,
  StoreAddressError,
  QueryError,
  UnsignableUrlError,
} from "./addressing";
export { parseRetryAfter } from "./retry-after";
export { MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE, paginatePages } from "./paginate";
export { fetchRequestToken, fetchAccessToken, type HandshakeOptions, type HandshakeResult } from "./oauth-endpoints";
export { fetchAdminToken, fetchCustomerToken, type UserTokenOptions } from "./tokens";
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
} from "./catalogue";
export { DEFAULT_SIGNATURE } from "./signature-fallback";
export { SignatureFamily } from "./signature-family";
export {
  DEFAULT_MAX_RESPONSE_BYTES,
  TOKEN_RESPONSE_MAX_BYTES,
  dispatcherOf,
  type FetchWithDispatcher,
} from "./transport";
export { DEFAULT_MAX_CONNECTIONS } from "./client";
