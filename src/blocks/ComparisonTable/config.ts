import type { Block } from 'payload'

export const ComparisonTableBlock: Block = {
  slug: 'comparisonTable',
  interfaceName: 'ComparisonTableBlock',
  labels: { singular: 'Comparison table', plural: 'Comparison tables' },
  fields: [
    { name: 'heading', type: 'text', required: true },
    { name: 'columns', type: 'array', minRows: 1, fields: [{ name: 'label', type: 'text', required: true }] },
    {
      name: 'rows',
      type: 'array',
      minRows: 1,
      fields: [
        { name: 'feature', type: 'text', required: true },
        { name: 'values', type: 'array', fields: [{ name: 'value', type: 'text', required: true }] },
      ],
    },
  ],
}
