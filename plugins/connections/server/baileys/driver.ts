import type { ConnectionState, SocketConfig, WASocket } from '@whiskeysockets/baileys'
import { AppError } from '@zapdesk/plugin-api'
import type { ChannelDriver, ChannelSession, MessageRef, OutboundMessage, SentMessage, SessionHost } from '../driver.ts'
import { clearAuthState, isPaired, loadAuthState, type SqlAuthState } from './auth-state.ts'
import { closeCause, closeCode, closeReason } from './close-reason.ts'
import { isLidJid, splitJid } from './identity.ts'
import { targetJid, toBaileys } from './outbound.ts'
import { translateCall, translateMessage, translateReceipt, type TranslateContext, type WAMessageLike } from './translate.ts'

type Baileys = typeof import('@whiskeysockets/baileys')

// Loaded on the first Baileys session only: it costs about a second, and sandbox-only installs never pay it.
let loading: Promise<Baileys> | undefined
const baileys = () => (loading ??= import('@whiskeysockets/baileys'))

export interface BaileysDriverOptions {
  provider?: string
  /** Socket settings over ours (tests point `waWebSocketUrl` at a closed port). */
  socketConfig?: Partial<SocketConfig>
}

/** Baileys' logs below warn are a flood (every frame); above the app's own level they would be noise in tests. */
function socketLogger(host: SessionHost) {
  const level = ['silent', 'fatal', 'error'].includes(host.log.level) ? host.log.level : 'warn'
  return host.log.child({ whatsappId: host.whatsappId, channel: 'baileys' }, { level }) as unknown as SocketConfig['logger']
}

/** One Baileys socket of a connection. The manager creates a new one for every (re)connect. */
class BaileysSession implements ChannelSession {
  private sock?: WASocket
  private auth?: SqlAuthState
  private B?: Baileys
  private open = false
  private ended = false
  private qrShown = false
  /** LID -> phone-number jid pairs the session learnt, read synchronously by the translation layer. */
  private lidToPn = new Map<string, string>()
  private saving: Promise<unknown> = Promise.resolve()

  constructor(private host: SessionHost, private options: BaileysDriverOptions) {}

  async start(): Promise<void> {
    const { host } = this
    const B = (this.B = await baileys())
    this.auth = await loadAuthState(host.app, B, host.companyId, host.whatsappId)
    if (this.ended) return
    const logger = socketLogger(host)
    const sock = (this.sock = B.makeWASocket({
      auth: { creds: this.auth.state.creds, keys: B.makeCacheableSignalKeyStore(this.auth.state.keys, logger) },
      logger,
      browser: B.Browsers.ubuntu('Zapdesk'),
      // Staying "offline" keeps notifications on the phone; history sync would flood the tickets with old chats.
      markOnlineOnConnect: false,
      syncFullHistory: false,
      shouldSyncHistoryMessage: () => false,
      getMessage: async (key) => {
        const raw = key.id && key.remoteJid ? await host.getMessage({ externalId: key.id, chatJid: key.remoteJid, fromMe: Boolean(key.fromMe) }) : undefined
        return raw ? (JSON.parse(raw, B.BufferJSON.reviver) as never) : undefined
      },
      ...this.options.socketConfig,
    }))
    sock.ev.on('creds.update', () => {
      // Writes in order: a later creds object must never be overwritten by an earlier, slower write.
      this.saving = this.saving.then(() => this.auth!.saveCreds()).catch((err) => host.log.error({ err }, 'saving WhatsApp creds failed'))
    })
    sock.ev.on('connection.update', (u) => this.onConnection(u))
    sock.ev.on('lid-mapping.update', ({ lid, pn }) => this.lidToPn.set(lid, pn))
    sock.ev.on('messages.upsert', ({ messages, type }) => { // zapdesk: not a table (Baileys event)
      // 'append' is our own sends echoed back and old messages: the platform already has those.
      if (type === 'notify' && !this.ended) this.onMessages(messages as WAMessageLike[]).catch((err) => host.log.error({ err }, 'handling WhatsApp messages failed'))
    })
    sock.ev.on('messages.update', (items) => { // zapdesk: not a table (Baileys event)
      for (const item of items) {
        const ack = translateReceipt(item as never)
        if (ack) host.ack(ack)
      }
    })
    sock.ev.on('call', (calls) => {
      for (const call of calls) {
        const event = translateCall(call, this.context())
        if (event) host.inbound(event)
      }
    })
  }

  private onConnection(u: Partial<ConnectionState>): void {
    if (this.ended) return
    const { host } = this
    if (u.qr) {
      this.qrShown = true
      host.status({ status: 'qrcode', qrcode: u.qr })
    }
    if (u.isNewLogin) host.status({ status: 'PAIRING', qrcode: '' })
    if (u.connection === 'open') {
      this.open = true
      host.status({ status: 'CONNECTED', qrcode: '', number: splitJid(this.sock?.user?.id)?.user })
    }
    if (u.connection === 'close') {
      this.open = false
      const code = closeCode(u.lastDisconnect?.error)
      const state = { qrShown: this.qrShown, paired: isPaired(this.auth!.state.creds) }
      const message = u.lastDisconnect?.error?.message
      this.ended = true
      host.closed(closeReason(code, state), `${code ?? 'no code'}: ${message ?? ''}`, closeCause(code, message, state))
    }
  }

  /** Learns the phone numbers of LID-only senders before translating, so one person stays one contact. */
  private async onMessages(messages: WAMessageLike[]): Promise<void> {
    const lids = new Set<string>()
    for (const m of messages) for (const jid of [m.key.remoteJid, m.key.participant]) if (jid && isLidJid(jid) && !this.lidToPn.has(jid)) lids.add(jid)
    for (const lid of lids) {
      const pn = await this.sock?.signalRepository.lidMapping.getPNForLID(lid).catch(() => null)
      if (pn) this.lidToPn.set(lid, pn)
    }
    for (const m of messages) {
      try {
        const event = translateMessage(m, this.context())
        if (event) this.host.inbound(event)
      } catch (err) {
        this.host.log.error({ err, id: m.key.id }, 'could not translate a WhatsApp message')
      }
    }
  }

  private context(): TranslateContext {
    const B = this.B!
    return {
      pnForLid: (lid) => this.lidToPn.get(lid),
      serialize: (content) => JSON.stringify(content, B.BufferJSON.replacer),
      download: (message) => async () => {
        try {
          return await B.downloadMediaMessage(message as never, 'buffer', {}, { logger: socketLogger(this.host), reuploadRequest: this.sock!.updateMediaMessage })
        } catch {
          throw new AppError('ERR_WAPP_DOWNLOAD_MEDIA', 502)
        }
      },
    }
  }

  async stop(): Promise<void> {
    this.ended = true
    this.open = false
    const sock = this.sock
    this.sock = undefined
    if (sock) {
      sock.ev.removeAllListeners('connection.update')
      // Closing the socket first also settles Baileys' pending handshake wait: `end()` alone removes the listener
      // that wait relies on and leaves its connect timer running (it would hold a closing process for 20 s).
      if (!sock.ws.isClosed && !sock.ws.isClosing) {
        await Promise.race([sock.ws.close().catch(() => undefined), new Promise((r) => setTimeout(r, 2000).unref())])
      }
      await sock.end(undefined).catch(() => undefined)
    }
    await this.saving
  }

  async logout(): Promise<void> {
    // Tells WhatsApp to unlink this device when we can reach it; offline, forgetting the pairing is enough.
    if (this.sock && this.open) await Promise.race([this.sock.logout().catch(() => undefined), new Promise((r) => setTimeout(r, 5000).unref())])
    await this.stop()
  }

  private live(): WASocket {
    if (!this.sock || !this.open) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 409)
    return this.sock
  }

  async send(message: OutboundMessage): Promise<SentMessage> {
    const sock = this.live()
    const { jid, content, options } = toBaileys(message)
    const sent = await sock.sendMessage(jid, content as never, options as never).catch((err) => {
      this.host.log.warn({ err }, 'WhatsApp send failed')
      throw new AppError('ERR_SENDING_WAPP_MSG', 502)
    })
    if (!sent?.key.id) throw new AppError('ERR_SENDING_WAPP_MSG', 502)
    const seconds = Number(sent.messageTimestamp ?? 0) || Date.now() / 1000
    return { externalId: sent.key.id, timestamp: new Date(seconds * 1000).toISOString(), ack: 0, raw: sent.message ? JSON.stringify(sent.message, this.B!.BufferJSON.replacer) : undefined }
  }

  async markRead(refs: MessageRef[]): Promise<void> {
    if (!refs.length) return
    await this.live().readMessages(refs.map((r) => ({ remoteJid: r.chatJid, id: r.externalId, fromMe: Boolean(r.fromMe), participant: r.participant })))
  }

  async revoke(ref: MessageRef): Promise<void> {
    const key = { remoteJid: ref.chatJid, id: ref.externalId, fromMe: ref.fromMe ?? true, ...(ref.participant ? { participant: ref.participant } : {}) }
    await this.live().sendMessage(ref.chatJid, { delete: key }).catch((err) => {
      this.host.log.warn({ err }, 'WhatsApp revoke failed')
      throw new AppError('ERR_DELETE_WAPP_MSG', 400)
    })
  }

  async profilePicture(jid: string): Promise<string | null> {
    try {
      return (await this.live().profilePictureUrl(targetJid(jid), 'image', 10_000)) ?? null
    } catch {
      return null // no picture, privacy settings, or not connected: the contact simply has no avatar
    }
  }

  async checkNumber(number: string): Promise<{ jid: string; number: string }> {
    const digits = number.replace(/\D/g, '')
    if (!/^\d{8,15}$/.test(digits)) throw new AppError('ERR_WAPP_INVALID_CONTACT', 400)
    const [found] = (await this.live().onWhatsApp(digits).catch(() => {
      throw new AppError('ERR_WAPP_CHECK_CONTACT', 502)
    })) ?? []
    if (!found?.exists) throw new AppError('ERR_WAPP_INVALID_CONTACT', 400)
    const jid = targetJid(found.jid)
    return { jid, number: splitJid(jid)?.user ?? digits }
  }
}

/** The production driver: WhatsApp through Baileys, provider 'beta' (the spec's default). */
export function baileysDriver(options: BaileysDriverOptions = {}): ChannelDriver {
  return {
    provider: options.provider ?? 'beta',
    label: 'WhatsApp',
    createSession: (host) => new BaileysSession(host, options),
    resetAuth: (app, companyId, whatsappId) => clearAuthState(app, companyId, whatsappId),
  }
}
