/** The drawn track and knob of a `role="switch"` button (its state is the button's `aria-checked`). */
export function SwitchTrack({ on }: { on: boolean }) {
  return (
    <span aria-hidden="true" className={`relative inline-block h-6 w-11 shrink-0 rounded-full transition ${on ? 'bg-brand-700' : 'bg-line'}`}>
      <span className={`absolute top-0.5 size-5 rounded-full bg-white shadow transition-all ${on ? 'start-[1.375rem]' : 'start-0.5'}`} />
    </span>
  )
}
