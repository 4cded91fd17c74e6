import type { Page } from 'playwright-core'
import { until } from './until.ts'

/** A call to the server's API as the tests' own client: JSON or FormData body, bearer token; status and parsed body. */
export async function apiAnswer<T>(baseUrl: string, method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: T }> {
  const isForm = body instanceof FormData
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { ...(isForm || body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  })
  const text = await res.text()
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T }
}

/** apiAnswer for calls that must succeed: throws with the status and body otherwise. */
export async function apiCall<T>(baseUrl: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const answer = await apiAnswer<T>(baseUrl, method, path, body, token)
  if (answer.status >= 400) throw new Error(`${method} ${path} -> ${answer.status} ${JSON.stringify(answer.body)}`)
  return answer.body
}

/** Signs in through the login screen as a person would and waits for the side menu; answers the token the app keeps. */
export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<string> {
  await page.goto(`${baseUrl}/login`)
  await page.fill('#login-email', email)
  await page.fill('#login-password', password)
  await page.click('[data-testid=login-submit]')
  await page.locator('.zd-sidebar [data-menu-id]').first().waitFor()
  return (await page.evaluate(() => localStorage.getItem('token'))) ?? ''
}

/** A sandbox connection of the signed-in company (its default), once its session is up; `extra` adds fields (queueIds). */
export async function sandboxConnection(baseUrl: string, token: string, extra: Record<string, unknown> = {}): Promise<number> {
  const { id } = await apiCall<{ id: number }>(baseUrl, 'POST', '/whatsapp', { name: 'Loja Sandbox', provider: 'sandbox', isDefault: true, ...extra }, token)
  await until('the sandbox session', async () => (await apiCall<{ status: string }>(baseUrl, 'GET', `/whatsapp/${id}`, undefined, token)).status === 'CONNECTED')
  return id
}
