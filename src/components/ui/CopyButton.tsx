/**
 * A button that copies the text of the element `target` (an id) and announces `copied` in a polite
 * status region beside it. Rendered on the server; `/scripts/copy-button.js` (loaded here, so only
 * pages with a copy button fetch it) does the copying, and the button shows once that has run.
 */
export function CopyButton({ target, label, text, copied }: { target: string; label: string; text: string; copied: string }) {
  return (
    <span className="inline-flex items-center gap-2">
      <script src="/scripts/copy-button.js" async />
      <button
        type="button"
        data-copy={target}
        data-copied={copied}
        aria-label={label}
        className="hidden rounded-md border border-line px-2 py-1 text-xs font-medium hover:bg-surface focus-visible:outline-2 focus-visible:outline-brand-600 [html[data-copy-ready]_&]:inline-block"
      >
        {text}
      </button>
      <span role="status" aria-live="polite" data-copy-status="" className="text-xs text-muted" />
    </span>
  )
}
