/** `npm run devstore` (packages/devstore/src/main.ts): flags and env, the printed admin URL, refusal of bad input. */
import { describe, expect, it } from "vitest";
import { runCli } from "../../../tests/helpers/devstore-cli";

describe("devstore CLI", () => {
  it("prints the admin, swagger and portal URLs and the demo credentials; the admin answers", async () => {
    const cli = runCli(["--port", "0", "--profile", "2.4.9", "--consumer-expiry", "60", "--index-php"]);
    try {
      const out = await cli.banner;
      expect(out).toContain("profile 2.4.9, signature family E");
      const admin = /Merchant admin\s+(http:\/\/127\.0\.0\.1:\d+\/admin)/.exec(out)?.[1];
      expect(admin).toBeDefined();
      expect(out).toMatch(/Store base URL\s+http:\/\/127\.0\.0\.1:\d+\/index\.php\//);
      expect(out).toMatch(/Swagger\s+http:\/\/127\.0\.0\.1:\d+\/swagger/);
      expect(out).toMatch(/Developer portal\s+http:\/\/127\.0\.0\.1:\d+\/devportal/);
      expect(out).toContain("admin / admin123");
      expect(out).toContain("roni_cost@example.com / roni_cost3");
      expect(out).toContain("demo-app-id / demo-app-secret");
      expect(out).toContain("consumer expiry 60 s");
      const res = await fetch(admin!);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("Add New Integration");
      expect(cli.stderr()).not.toContain("Warning");
    } finally {
      cli.child.kill("SIGTERM");
      await cli.exited;
    }
  });

  it("takes the profile from DEVSTORE_PROFILE", async () => {
    const cli = runCli(["--port", "0"], { DEVSTORE_PROFILE: "seed" });
    try {
      expect(await cli.banner).toContain("profile seed");
    } finally {
      cli.child.kill("SIGTERM");
      await cli.exited;
    }
  });

  it("warns when --host binds beyond loopback (the admin API is unauthenticated)", async () => {
    // 192.0.2.1 (TEST-NET-1) is on no interface: the warning comes before the bind, which then fails.
    const cli = runCli(["--port", "0", "--host", "192.0.2.1"]);
    cli.banner.catch(() => undefined);
    await cli.exited;
    expect(cli.stderr()).toContain("Warning: binding to 192.0.2.1 exposes the dev store beyond this machine");
  });

  it("refuses an unknown profile with exit code 2", async () => {
    const cli = runCli(["--port", "0", "--profile", "9.9.9"]);
    cli.banner.catch(() => undefined);
    expect(await cli.exited).toBe(2);
    expect(cli.stderr()).toContain('Unknown profile "9.9.9"');
  });

  it("seeds the catalogue size from DEVSTORE_PRODUCTS (and --products wins over it)", async () => {
    const cli = runCli(["--port", "0", "--products", "2500"], { DEVSTORE_PRODUCTS: "50" });
    try {
      const out = await cli.banner;
      expect(out).toContain("2,500 products");
      const base = /Store base URL\s+(http:\/\/127\.0\.0\.1:\d+\/)/.exec(out)?.[1];
      const token = await fetch(`${base}rest/V1/integration/admin/token`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "admin", password: "admin123" }),
      }).then((r) => r.json() as Promise<string>);
      const list = await fetch(`${base}rest/V1/products?searchCriteria[pageSize]=1`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(((await list.json()) as { total_count: number }).total_count).toBe(2500);
    } finally {
      cli.child.kill("SIGTERM");
      await cli.exited;
    }
  });

  it.each(["0", "-5", "12abc", "1e3", "2000001"])(
    "refuses --products %s with exit code 2 and says what to fix",
    async (value) => {
      const cli = runCli(["--port", "0", `--products=${value}`]);
      cli.banner.catch(() => undefined);
      expect(await cli.exited).toBe(2);
      expect(cli.stderr()).toContain("--products (or DEVSTORE_PRODUCTS) must be a whole number from 1 to 1000000");
    },
  );
});
