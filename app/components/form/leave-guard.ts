"use client";

import { useEffect } from "react";

/** Asked before leaving a form with unsaved changes by an in-app link or the browser's Back and Forward. */
export const LEAVE_QUESTION = "You have unsaved changes on this page. Leave without saving them?";

/** The part of the Navigation API (Chromium, Firefox 147+, Safari 26+) the guard uses; older browsers lack it. */
interface NavigateEventLike extends Event {
  navigationType: "push" | "replace" | "reload" | "traverse";
  cancelable: boolean;
}
interface NavigationLike {
  addEventListener(type: "navigate", listener: (e: NavigateEventLike) => void): void;
  removeEventListener(type: "navigate", listener: (e: NavigateEventLike) => void): void;
}

/**
 * While `active`, leaving the page asks first, every way a person can leave it:
 * - reload, close, typed address, a link to another site: the browser's own prompt (`beforeunload`);
 * - an in-app link (next/link navigates without unloading): `confirm()` before React's click handler runs;
 * - Back/Forward inside the app (history entries of the same document, which fire no `beforeunload`): the
 *   Navigation API's `navigate` event of type traverse is cancelable there, and is cancelled on "stay".
 */
export function useLeaveGuard(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = ""; // older browsers need it set to show the prompt
    };
    // capture phase: before next/link's own click handler starts the navigation
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const link = e.target instanceof Element ? e.target.closest("a[href]") : null;
      if (!(link instanceof HTMLAnchorElement) || link.target === "_blank" || link.hasAttribute("download")) return;
      const to = new URL(link.href, window.location.href);
      if (
        to.origin !== window.location.origin ||
        (to.pathname === window.location.pathname && to.search === window.location.search)
      )
        return;
      if (!window.confirm(LEAVE_QUESTION)) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    // a cross-document traversal is not cancelable: beforeunload asks for it instead
    const onNavigate = (e: NavigateEventLike) => {
      if (e.navigationType === "traverse" && e.cancelable && !window.confirm(LEAVE_QUESTION)) e.preventDefault();
    };
    const navigation = (window as Window & { navigation?: NavigationLike }).navigation;
    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("click", onClick, true);
    navigation?.addEventListener("navigate", onNavigate);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick, true);
      navigation?.removeEventListener("navigate", onNavigate);
    };
  }, [active]);
}
