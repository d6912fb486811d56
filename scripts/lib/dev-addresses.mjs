// Where `npm run dev` serves the app and the dev store, read from the environment by the app's own parser
// (lib/env.ts), as `npm start` does: an empty `PORT=` means 3000, a bad value stops start-up saying what to set.
import { importTs } from "./compile-ts.mjs";

/**
 * The app's port and address and the dev store's port. DEVSTORE_PORT follows PORT's rule (empty: 3100); an empty
 * APP_URL means the app's own address. Throws lib/env.ts's EnvError naming the setting to fix.
 */
export async function devAddresses(source = process.env) {
  const { parseEnv, parsePortSetting } = await importTs("lib/env.ts");
  const env = { ...source, NODE_ENV: "development" };
  if (!env.APP_URL?.trim()) delete env.APP_URL;
  const { port, appUrl } = parseEnv(env);
  return {
    port,
    devstorePort: parsePortSetting("DEVSTORE_PORT", source.DEVSTORE_PORT) ?? 3100,
    appUrl: env.APP_URL ? appUrl : `http://127.0.0.1:${port}`,
  };
}
