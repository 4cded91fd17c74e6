/** An operator's list of hosts (`name` or `name:port`, comma-separated), as plugins read it from their environment. */
export function hostList(raw: string | undefined): string[] {
  return (raw ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean)
}

/**
 * Whether an outbound call to `url` may reach a private or loopback address: every address when the install allows
 * it (OUTBOUND_ALLOW_PRIVATE), otherwise only the hosts on the operator's list (an n8n on the LAN). The answer is the
 * `allowPrivate` option of outboundRequest, which checks the address actually connected to.
 */
export function privateTargetAllowed(config: { outboundAllowPrivate: boolean }, url: string, hosts: readonly string[]): boolean {
  if (config.outboundAllowPrivate) return true
  if (!hosts.length || !URL.canParse(url)) return false
  const u = new URL(url)
  const host = u.hostname.replace(/^\[|\]$/g, '').toLowerCase()
  const port = u.port || (u.protocol === 'https:' ? '443' : '80')
  return hosts.some((h) => h === host || h === `${host}:${port}`)
}
