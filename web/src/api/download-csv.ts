import { api } from './api.ts'
import type { RequestOptions } from './http-client.ts'

/**
 * Saves a CSV export as `<name>-<yyyy-mm-dd>.csv` through the API client (it carries the session token, which a plain
 * link could not). Response.text() drops the byte order mark, so it is put back: spreadsheets need it to read the
 * file as UTF-8.
 */
export async function downloadCsv(path: string, query: RequestOptions['query'], name: string): Promise<void> {
  const text = await api.get<string>(path, { query })
  const blob = new Blob([`\uFEFF${typeof text === 'string' ? text.replace(/^\uFEFF/, '') : ''}`], { type: 'text/csv;charset=utf-8' })
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = `${name}-${new Date().toISOString().slice(0, 10)}.csv`
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
