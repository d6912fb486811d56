export interface PackageEntry {
  /** the package's name, e.g. `@magento-integration/client` */
  name: string;
  /** the package's folder (absolute) */
  dir: string;
  /** what an app imports, e.g. `@magento-integration/client/oauth` */
  specifier: string;
  /** the entry's TypeScript source (absolute) */
  source: string;
}
export function packageSources(root: string): PackageEntry[];
