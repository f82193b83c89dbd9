import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

/** Seed content lives beside this code as JSON; the server runs from the project folder. */
export const contentDir = path.resolve(process.cwd(), 'src', 'seed', 'content')

/** Every JSON file of a content folder, parsed, in file-name order. */
export function readJsonFolder<T>(folder: string): { name: string; data: T }[] {
  const dir = path.join(contentDir, folder)
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => ({ name: file.replace(/\.json$/, ''), data: JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as T }))
}
