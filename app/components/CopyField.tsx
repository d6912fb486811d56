"use client";

import { useState } from "react";

/** A value to paste elsewhere (e.g. into the Magento admin), with a Copy button that says when it worked. */
export function CopyField({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied("copied");
    } catch {
      setCopied("failed");
    }
  };
  return (
    <div className="copy-field">
      <code className="mono copy-field__value" data-testid={testId}>
        {value}
      </code>
      <button
        type="button"
        className="btn btn--secondary btn--small"
        onClick={() => void copy()}
        aria-label={`Copy the ${label}`}
      >
        Copy
      </button>
      <span role="status" className="copy-field__status">
        {copied === "copied" ? `${label} copied` : copied === "failed" ? "Select the text and copy it" : ""}
      </span>
    </div>
  );
}
