export declare const ACTIVATION_ROUTES: string[];
interface WaitOptions {
  withinMs?: number;
  fetchImpl?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}
export declare function answers(url: string, opts?: WaitOptions): Promise<boolean>;
export declare function warmRoutes(baseUrl: string, routes?: string[], opts?: WaitOptions): Promise<string[]>;
