/**
 * Claims of access tokens whose signature was checked, kept by the token itself until the token's exp, at most `max`
 * (the oldest kept goes first): an agent's screen sends the same token on every request, and checking it again cost
 * about 3% of a ticket's messages page. fast-jwt's own cache keys tokens by their SHA-256, which cost as much as the
 * check it saved; the process holds the requests' tokens either way. Revocation is the session's row, read on every
 * request all the same (AuthService.contextFor). A token without an exp is never kept.
 */
export class VerifiedTokens<C extends { exp?: number }> {
  private kept = new Map<string, C>()

  constructor(private readonly max = 1000) {}

  get(token: string, now = Date.now()): C | undefined {
    const claims = this.kept.get(token)
    if (claims === undefined) return undefined
    if (claims.exp === undefined || claims.exp * 1000 <= now) {
      this.kept.delete(token)
      return undefined
    }
    return claims
  }

  set(token: string, claims: C): void {
    if (typeof claims.exp !== 'number') return
    if (this.kept.size >= this.max) this.kept.delete(this.kept.keys().next().value!)
    this.kept.set(token, claims)
  }
}
