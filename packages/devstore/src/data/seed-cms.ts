/** CMS seed: Magento's default pages (404, home, cookies, privacy) plus a few a merchant adds, and blocks. */
import type { CmsBlock, CmsPage } from "./types.ts";

type PageSeed = [identifier: string, title: string, layout: string, active: boolean, content: string];

const PAGES: readonly PageSeed[] = [
  ["no-route", "404 Not Found", "2columns-right", true, "<dl><dt>The page you requested was not found, and we have a fine guess why.</dt></dl>"],
  ["home", "Home Page", "1column", true, "<p>CMS homepage content goes here.</p>"],
  ["enable-cookies", "Enable Cookies", "1column", true, "<p>Cookies must be enabled in your browser to use this store.</p>"],
  ["privacy-policy-cookie-restriction-mode", "Privacy and Cookie Policy", "1column", true, "<p>This privacy policy sets out how this website uses and protects any information that you give it.</p>"],
  ["about-us", "About us", "1column", true, "<p>We make gear for every workout since 2009.</p>"],
  ["customer-service", "Customer Service", "1column", true, "<p>Questions about an order? We answer within one business day.</p>"],
  ["shipping-returns", "Shipping & Returns", "1column", false, "<p>Free returns within 30 days.</p>"],
  ["size-guide", "Size Guide", "1column", true, "<table><tr><th>Size</th><th>Chest (in)</th></tr><tr><td>M</td><td>38–40</td></tr></table>"],
];

type BlockSeed = [identifier: string, title: string, active: boolean, content: string];

const BLOCKS: readonly BlockSeed[] = [
  ["footer_links_block", "Footer Links Block", true, '<ul class="footer links"><li><a href="/about-us">About us</a></li></ul>'],
  ["contact-us-info", "Contact us info", true, "<p>Call us at (555) 229-3326.</p>"],
  ["home-page-block", "Home Page Block", true, "<div class=\"blocks-promo\">New Luma Yoga Collection</div>"],
  ["sale-left-menu-block", "Sale Left Menu Block", false, "<ul><li>Women's deals</li><li>Men's deals</li></ul>"],
  ["giftcard-block", "Gift Cards Block", true, "<p>Gift cards for every occasion.</p>"],
];

const created = (n: number) => `2023-11-${String(10 + n).padStart(2, "0")} 09:00:00`;

export function seedCmsPages(): CmsPage[] {
  return PAGES.map(([identifier, title, page_layout, active, content], i) => ({
    id: i + 1,
    identifier,
    title,
    page_layout,
    meta_title: "",
    meta_keywords: "",
    meta_description: "",
    content_heading: i === 0 ? "Whoops, our bad..." : title,
    content,
    creation_time: created(i),
    update_time: created(i),
    sort_order: "0",
    active,
  }));
}

export function seedCmsBlocks(): CmsBlock[] {
  return BLOCKS.map(([identifier, title, active, content], i) => ({
    id: i + 1,
    identifier,
    title,
    content,
    creation_time: created(i),
    update_time: created(i),
    active,
  }));
}
