import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import Link from "next/link";
import { headers } from "next/headers";
import { getCurrentUser } from "@/app/_kit";
import { POPUP_HEADER } from "@magento-integration/handshake";
import { NavigationProgress } from "@/app/components/NavigationProgress";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Magento Integration Kit", template: "%s · Magento Integration Kit" },
  description: "Link a Magento 2 store through an OAuth 1.0a integration and work with its data.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

/** The header must render even when the session or database is unavailable (e.g. first run before migrate). */
async function currentUserOrNull(): Promise<{ id: string; email: string } | null> {
  try {
    return await getCurrentUser();
  } catch {
    return null;
  }
}

/**
 * Every page. The identity popup's pages (packages/handshake/src/integration/popup-pages.ts) get a header without navigation:
 * nothing there may lead away from the link being made or drop its return address.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const popup = (await headers()).get(POPUP_HEADER) === "1";
  const user = popup ? null : await currentUserOrNull();
  return (
    <html lang="en">
      <body className={popup ? "popup" : undefined}>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <NavigationProgress />
        <header className="site-header">
          <div className="site-header__inner">
            {popup ? (
              <span className="site-header__brand" data-testid="popup-brand">
                Magento Integration Kit
              </span>
            ) : (
              <Link href={user ? "/stores" : "/"} className="site-header__brand">
                Magento Integration Kit
              </Link>
            )}
            {popup ? null : (
              <nav aria-label="Main" className="site-nav">
                {user ? (
                  <>
                    <Link href="/stores">Stores</Link>
                    <Link href="/portal">Developer portal</Link>
                    <Link href="/account" className="site-nav__user" title="Your account">
                      {user.email}
                    </Link>
                    <form action="/logout" method="post" className="site-nav__logout">
                      <button type="submit" className="btn btn--ghost btn--small">
                        Sign out
                      </button>
                    </form>
                  </>
                ) : (
                  <>
                    <Link href="/login">Sign in</Link>
                    <Link href="/signup">Create account</Link>
                  </>
                )}
              </nav>
            )}
          </div>
        </header>
        <main id="main" tabIndex={-1} className="site-main">
          {children}
        </main>
      </body>
    </html>
  );
}
