/**
 * A client made without a dispatcher or a fetch sends through the process's global undici dispatcher. When Node's
 * own fetch runs before undici is loaded, that slot holds the Agent of the undici bundled in Node, whose dispatch()
 * refuses this version's handlers ("invalid onError method"). A process whose first outbound call was a fetch()
 * (any library, a health check) must still reach the store through a default client. It runs in a process of its
 * own, so what loaded first is known.
 */
import { execFile } from "node:child_process";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { listenLocal } from "../helpers/servers";

const ROOT = join(__dirname, "..", "..");
let server: Server;
let baseUrl: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/oauth/token/request") {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("oauth_token=rt0ken&oauth_token_secret=rs3cret");
    } else res.writeHead(200).end("ok");
  });
  baseUrl = `http://127.0.0.1:${await listenLocal(server)}`;
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
});

it("after Node's built-in fetch has run first, a token call with no dispatcher of its own still reaches the store", async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", join("tests", "fixtures", "scripts", "default-wire-after-fetch.ts"), baseUrl],
    { cwd: ROOT },
  );
  expect(JSON.parse(stdout.trim())).toEqual({ token: "rt0ken", tokenSecret: "rs3cret" });
});
