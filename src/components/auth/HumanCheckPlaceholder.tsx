/**
 * What holds the human check's place until its widget loads: a box of the widget's size with an
 * empty checkbox and the label, hidden from assistive technology (the widget's own labelled
 * checkbox replaces it). Shared by `HumanCheck` and forms that load `HumanCheck` itself later.
 */
export function HumanCheckPlaceholder({ label }: { label: string }) {
  return (
    <div className="flex h-12 items-center gap-3 rounded-md border border-line bg-white px-3 text-sm text-ink" aria-hidden="true">
      <span className="inline-block size-[22px] rounded-[5px] border border-muted" />
      <span>{label}</span>
    </div>
  )
}

/** The check's outer box, the same for the placeholder alone and for the widget. */
export const humanCheckBox = 'min-h-12 max-w-80'
