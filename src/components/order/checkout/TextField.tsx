// One labelled checkout input with its help and its error, checked when the visitor leaves it.
import type { CheckoutState } from './useCheckout'
import type { Field } from './types'

type Props = {
  c: CheckoutState
  field: Field
  label: string
  value: string
  onChange: (value: string) => void
  autoComplete: string
  inputMode?: 'numeric' | 'email' | 'text'
  type?: string
  /** A card field: focusing it loads the card processor's script. */
  card?: boolean
  help?: string
  onEnter?: () => void
}

export function TextField({ c, field, label, value, onChange, autoComplete, inputMode, type, card, help, onEnter }: Props) {
  const id = `${c.ids}-${field}`
  const error = c.errors[field]
  const described = [error ? `${id}-error` : null, help ? `${id}-help` : null].filter(Boolean).join(' ') || undefined
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        ref={c.register(field)}
        type={type ?? 'text'}
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        onFocus={card ? c.wantCardScript : undefined}
        onKeyDown={
          onEnter
            ? (event) => {
                if (event.key === 'Enter') {
                  event.preventDefault()
                  onEnter()
                }
              }
            : undefined
        }
        onChange={(event) => onChange(event.target.value)}
        onBlur={field === 'signIn' ? undefined : () => c.check(field)}
        className="rounded-md border border-line bg-white px-3 py-2 text-base aria-invalid:border-red-700"
      />
      {help && (
        <p id={`${id}-help`} className="text-sm text-muted">
          {help}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}
