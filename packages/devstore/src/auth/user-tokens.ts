/**
 * Admin and customer bearer tokens (Integration/Model/AdminTokenService.php, CustomerTokenService.php): JWT-shaped on 2.4.4+ profiles (Magento_JwtUserToken,
 * 60 minutes), 32-char opaque tokens on older ones (admin 4 h, customer 1 h). Tokens are looked up
 * server-side; the JWT signature is only there to make the token look and parse like Magento's.
 */
import { createHmac, randomBytes } from "node:crypto";
import { randomToken } from "../random.ts";

export type UserTokenOwner = { kind: "admin"; username: string } | { kind: "customer"; customerId: number };

interface Issued {
  owner: UserTokenOwner;
  expiresAt: number;
}

const JWT_MINUTES = 60; // webapi/jwtauth/{admin,customer}_expiration
const LEGACY_MINUTES = { admin: 240, customer: 60 }; // oauth/access_token_lifetime/{admin,customer}

function b64url(value: string | Buffer): string {
  return Buffer.from(value).toString("base64url");
}

export class UserTokens {
  private readonly tokens = new Map<string, Issued>();
  private readonly jwtKey = randomBytes(32);

  constructor(
    private readonly nowSeconds: () => number,
    private readonly jwt: boolean,
  ) {}

  issue(owner: UserTokenOwner): string {
    const now = this.nowSeconds();
    const minutes = this.jwt ? JWT_MINUTES : LEGACY_MINUTES[owner.kind];
    const expiresAt = now + minutes * 60;
    let token: string;
    if (this.jwt) {
      const header = b64url(JSON.stringify({ kid: "1", alg: "HS256" }));
      const uid = owner.kind === "admin" ? owner.username : owner.customerId;
      const payload = b64url(
        JSON.stringify({ uid, utypid: owner.kind === "admin" ? 2 : 3, iat: now, exp: expiresAt, jti: randomToken() }),
      );
      const sig = createHmac("sha256", this.jwtKey).update(`${header}.${payload}`).digest("base64url");
      token = `${header}.${payload}.${sig}`;
    } else token = randomToken();
    this.tokens.set(token, { owner, expiresAt });
    return token;
  }

  /** The token's owner, or undefined when unknown or expired (an expired token behaves like no token). */
  lookup(token: string): UserTokenOwner | undefined {
    const t = this.tokens.get(token);
    if (!t) return undefined;
    if (t.expiresAt <= this.nowSeconds()) {
      this.tokens.delete(token);
      return undefined;
    }
    return t.owner;
  }

  clear(): void {
    this.tokens.clear();
  }
}
