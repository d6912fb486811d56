"use client";

import { useEffect } from "react";

/** Scrolls the operation list (not the page) so the selected operation is in view. */
export function KeepSelectedVisible({ listId, selectedId }: { listId: string; selectedId: string | undefined }) {
  useEffect(() => {
    const list = document.getElementById(listId);
    const item = list?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!list || !item) return;
    const top = item.offsetTop; // the list is position: relative, so this is relative to it
    if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - item.offsetHeight)
      list.scrollTop = Math.max(0, top - 40);
  }, [listId, selectedId]);
  return null;
}
