import type { FastifyInstance } from 'fastify'
import '@zapdesk/tickets/public'
import { integrationCall } from '../options.ts'
import { integrationHasTicket } from './sessions.ts'

/** A text for the customer, or an image by its address (a typebot's image bubble). */
export type Outgoing = string | { image: string }

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const MAX_IMAGE_BYTES = 5 * 1024 * 1024
const EXTENSIONS: Record<string, string> = { 'image/jpeg': '.jpg', 'image/png': '.png', 'image/gif': '.gif', 'image/webp': '.webp' }

/**
 * An image bubble goes as an image: fetched through the guarded client (bounded), stored in the company's media and
 * sent as an attachment. Anything else (refused address, not an image, too large) sends its address as text instead.
 */
async function sendImage(app: FastifyInstance, companyId: number, ticketId: number, url: string): Promise<void> {
  try {
    const res = await integrationCall(app, url, { method: 'GET' }, MAX_IMAGE_BYTES)
    const mimetype = String(res.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase()
    if (res.status !== 200 || !EXTENSIONS[mimetype] || !res.body.length) throw new Error(`not an image (${res.status}, ${mimetype})`)
    const fileName = `imagem${EXTENSIONS[mimetype]}`
    const path = await app.storage.save(companyId, res.body, fileName)
    await app.tickets.sendMessage(companyId, ticketId, { body: '', media: { path, mimetype, fileName, type: 'image' } })
  } catch (err) {
    app.log.info({ err, companyId, ticketId }, 'a typebot image went as its address')
    await app.tickets.sendMessage(companyId, ticketId, { body: url.slice(0, 4096) })
  }
}

/**
 * The integration's answers to the customer, in order, `delayMs` apart (typebotDelayMessage), through the one
 * outbound path (a bot message, no user). Stops when an agent takes the ticket meanwhile: the agent answers then.
 */
export async function sendAll(app: FastifyInstance, companyId: number, ticketId: number, items: Outgoing[], delayMs = 0): Promise<void> {
  const list = items.map((i) => (typeof i === 'string' ? i.trim() : i)).filter(Boolean)
  for (const [i, item] of list.entries()) {
    if (i > 0 && delayMs > 0) await sleep(delayMs)
    if (i > 0 && !(await integrationHasTicket(app, companyId, ticketId))) return
    if (typeof item === 'string') await app.tickets.sendMessage(companyId, ticketId, { body: item.slice(0, 4096) })
    else await sendImage(app, companyId, ticketId, item.image)
  }
}
