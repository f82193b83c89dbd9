import { getTranslations } from 'next-intl/server'
import { Icon } from '@/components/ui/Icon'
import type { BlockProps } from '../types'

export async function ComparisonTable({ block }: BlockProps<'comparisonTable'>) {
  const t = await getTranslations('Blocks')
  const cell = (value: string) => {
    if (value.toLowerCase() === 'yes')
      return (
        <span className="inline-flex text-accent-700">
          <Icon name="check" className="size-5" />
          <span className="sr-only">{t('yes')}</span>
        </span>
      )
    if (value.toLowerCase() === 'no')
      return (
        <span className="inline-flex text-muted">
          <Icon name="close" className="size-5" />
          <span className="sr-only">{t('no')}</span>
        </span>
      )
    return value
  }
  return (
    <section className="py-16">
      <div className="container-site">
        <h2 className="text-3xl font-bold tracking-tight">{block.heading}</h2>
        <div className="mt-8 overflow-x-auto rounded-2xl border border-line">
          <table className="w-full min-w-[32rem] text-start text-sm">
            <thead className="bg-surface">
              <tr>
                <th scope="col" className="p-4 text-start font-semibold">
                  {t('feature')}
                </th>
                {block.columns?.map((column, index) => (
                  <th key={column.id ?? index} scope="col" className="p-4 text-start font-semibold">
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {block.rows?.map((row, index) => (
                <tr key={row.id ?? index}>
                  <th scope="row" className="p-4 text-start font-medium">
                    {row.feature}
                  </th>
                  {row.values?.map((value, cellIndex) => (
                    <td key={value.id ?? cellIndex} className="p-4">
                      {cell(value.value)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  )
}
