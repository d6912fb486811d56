/**
 * @magento-integration/client/advice: the kit's one table of what to tell a person about a store's trouble (every
 * problem code, its title, detail and action) and the states a store page shows. Plain data and functions with no
 * Node API: client components import this entry, never the main one (which carries undici and the signer).
 */
export {
  STORE_ADVICE,
  STORE_PROBLEMS,
  STORE_STATE_KEYS,
  ADMIN_SIDE_PROBLEMS,
  adviceFor,
  adviceRowOf,
  isStoreProblem,
  stateAdvice,
  type Advice,
  type AdviceAction,
  type StoreProblem,
  type StoreStateKey,
  type StateAction,
  type StateAdvice,
  type StateTone,
} from "./magento/store-advice.ts";
