import type { FastifyInstance } from 'fastify'
import { AppError } from '@zapdesk/plugin-api'

/**
 * How contacts reach WhatsApp: number validation and profile pictures through the company's connected channel.
 * Optional by design: an install or a company without a connected connection still manages its contacts, so
 * every call answers `null` ("no channel, skip") instead of failing.
 */
export interface ContactChannel {
  /** The number as the channel knows it (it may correct it), or null when no channel is connected. */
  checkNumber(companyId: number, number: string): Promise<string | null>
  profilePicture(companyId: number, number: string): Promise<string | null>
}

/** The surface of the connections plugin's `app.channels` used here (an optional dependency: typed structurally). */
interface ChannelsLike {
  connectedFor(companyId: number): Promise<number | undefined>
  checkNumber(companyId: number, whatsappId: number, number: string): Promise<{ jid: string; number: string }>
  profilePicture(companyId: number, whatsappId: number, jid: string): Promise<string | null>
}

const codeOf = (err: unknown) => (err instanceof AppError ? err.code : undefined)

/**
 * The default channel: `app.channels` of the connections plugin (an optional dependency) when it is loaded, through
 * the company's connected connection it names (the default first).
 */
export function connectionsChannel(app: FastifyInstance): ContactChannel {
  const channels = () => (app.hasDecorator('channels') ? (app as unknown as { channels: ChannelsLike }).channels : undefined)
  const connected = async (companyId: number): Promise<number | undefined> => {
    return channels()?.connectedFor(companyId)
  }
  return {
    async checkNumber(companyId, number) {
      const whatsappId = await connected(companyId)
      if (!whatsappId) return null
      try {
        return (await channels()!.checkNumber(companyId, whatsappId, number)).number
      } catch (err) {
        if (codeOf(err) === 'ERR_WAPP_INVALID_CONTACT') throw new AppError('ERR_WAPP_INVALID_CONTACT', 400)
        // The status said CONNECTED but the session is gone (a restart in progress): same as no channel.
        if (codeOf(err) === 'ERR_WAPP_NOT_INITIALIZED') return null
        app.log.warn({ err, companyId }, 'contact number check failed')
        throw new AppError('ERR_WAPP_CHECK_CONTACT', 409)
      }
    },
    async profilePicture(companyId, number) {
      const whatsappId = await connected(companyId)
      if (!whatsappId) return null
      // A missing picture never stops a contact from being saved.
      return channels()!.profilePicture(companyId, whatsappId, `${number}@s.whatsapp.net`).catch(() => null)
    },
  }
}
