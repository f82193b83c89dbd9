'use client'
import { useField } from '@payloadcms/ui'
import type { VariantResult } from '@/services/experiments/events'

/** Per variant: weight, exposures, purchases and conversion, as counted from the experiment's events. */
export function Results({ path }: { path: string }) {
  const { value } = useField<VariantResult[] | null>({ path })
  const rows = Array.isArray(value) ? value : []
  const cell = { padding: '6px 12px', borderBottom: '1px solid var(--theme-elevation-100)', textAlign: 'start' as const }
  return (
    <div className="field-type" style={{ marginBottom: 'var(--base)' }}>
      <span className="field-label">Results</span>
      {rows.length ? (
        <table style={{ borderCollapse: 'collapse', width: '100%' }}>
          <thead>
            <tr>
              {['Variant', 'View', 'Weight', 'Exposures', 'Purchases', 'Conversion'].map((heading) => (
                <th key={heading} style={cell} scope="col">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.index} data-variant={row.index}>
                <td style={cell}>
                  {row.index}: {row.label}
                </td>
                <td style={cell}>/order/{row.view}</td>
                <td style={cell}>{row.weight}</td>
                <td style={cell} data-exposures>
                  {row.exposures}
                </td>
                <td style={cell} data-purchases>
                  {row.purchases}
                </td>
                <td style={cell}>{row.conversion === null ? '—' : `${row.conversion.toFixed(1)} %`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>Saved experiments show their results here.</p>
      )}
    </div>
  )
}
