/**
 * `npm run dev` reads PORT by the app's own rule (lib/env.ts), as `npm start` does. Before, it used
 * Number(process.env.PORT ?? 3000): an env file's empty `PORT=` gave port 0 (a random port, and printed URLs
 * with ":0"), and "abc" gave NaN. DEVSTORE_PORT had the same hole.
 */
import { describe, expect, it } from "vitest";
import { devAddresses } from "../../../scripts/lib/dev-addresses.mjs";

describe("npm run dev's addresses", () => {
  it("empty PORT and DEVSTORE_PORT mean the defaults, as under npm start", async () => {
    expect(await devAddresses({ PORT: "", DEVSTORE_PORT: "" })).toEqual({
      port: 3000,
      devstorePort: 3100,
      appUrl: "http://127.0.0.1:3000",
    });
    expect(await devAddresses({ PORT: " ", DEVSTORE_PORT: "  ", APP_URL: "" })).toEqual({
      port: 3000,
      devstorePort: 3100,
      appUrl: "http://127.0.0.1:3000",
    });
  });

  it("uses the ports and APP_URL given", async () => {
    expect(await devAddresses({ PORT: "4000", DEVSTORE_PORT: "4100" })).toEqual({
      port: 4000,
      devstorePort: 4100,
      appUrl: "http://127.0.0.1:4000",
    });
    expect((await devAddresses({ PORT: "4000", APP_URL: "https://tunnel.example.test/" })).appUrl).toBe(
      "https://tunnel.example.test",
    );
  });

  it("refuses a bad port naming the setting, like npm start", async () => {
    for (const bad of ["abc", "0", "1.5", "70000", "0x10"]) {
      await expect(devAddresses({ PORT: bad })).rejects.toThrow(/PORT: must be a whole number from 1 to 65535/);
      await expect(devAddresses({ DEVSTORE_PORT: bad })).rejects.toThrow(
        /DEVSTORE_PORT: must be a whole number from 1 to 65535/,
      );
    }
  });
});
