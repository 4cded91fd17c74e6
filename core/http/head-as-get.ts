import type { IncomingMessage } from 'node:http'

/**
 * Fastify's rewriteUrl hook (it sees the raw request before routing): a HEAD request is routed as the GET of its URL.
 * Node made its response when the method was still HEAD, so the GET route's headers (status, type, length) go out
 * without the body, as a HEAD route of fastify's own would answer; the app registers no HEAD routes
 * (exposeHeadRoutes: false). Hooks and logs see the request as a GET. The URL is left as it is.
 */
export function headAsGet(req: IncomingMessage): string {
  if (req.method === 'HEAD') req.method = 'GET'
  return req.url!
}
