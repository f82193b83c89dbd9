/** A message with its `{placeholders}` filled; unknown ones stay as they are (the islands format their own values). */
export const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match))
