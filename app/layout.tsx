import type { Metadata } from "next";
import type { ReactNode } from "react";
import Link from "next/link";
import { getCurrentUser } from "@/lib/kit";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Magento Integration Kit", template: "%s · Magento Integration Kit" },
  description: "Link a Magento 2 store through an OAuth 1.0a integration and work with its data.",
};

/** The header must render even when the session or database is unavailable (e.g. first run before migrate). */
async function currentUserOrNull(): Promise<{ id: string; email: string } | null> {
  try {
    return await getCurrentUser();
  } catch {
    return null;
  }
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const user = await currentUserOrNull();
  return (
    <html lang="en">
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <header className="site-header">
          <div className="site-header__inner">
            <Link href={user ? "/stores" : "/"} className="site-header__brand">
              Magento Integration Kit
            </Link>
            <nav aria-label="Main" className="site-nav">
              {user ? (
                <>
                  <Link href="/stores">Stores</Link>
                  <Link href="/portal">Developer portal</Link>
                  <span className="site-nav__user" title="Signed in as">
                    {user.email}
                  </span>
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
          </div>
        </header>
        <main id="main" tabIndex={-1} className="site-main">
          {children}
        </main>
      </body>
    </html>
  );
}
