import type { Transporter } from 'nodemailer'
import type { Config } from '../../config/index.ts'

export interface Mail {
  to: string
  subject: string
  text: string
  html: string
}

/** The platform's mail: SMTP through nodemailer when SMTP_HOST is set, otherwise nothing can be sent. */
export interface Mailer {
  /** An SMTP server is configured. */
  readonly configured: boolean
  /** Sends one message; rejects when the server refuses it or cannot be reached. */
  send(mail: Mail): Promise<void>
  close(): void
}

export function createMailer(config: Config): Mailer {
  if (!config.smtpHost) {
    return {
      configured: false,
      send: () => Promise.reject(new Error('SMTP_HOST is not set')),
      close: () => undefined,
    }
  }
  // nodemailer loads on the first mail, not at every start (a few hundred ms of modules most boots never use).
  let transport: Promise<Transporter> | undefined
  const open = () => (transport ??= import('nodemailer').then((m) => m.default.createTransport({
    host: config.smtpHost,
    port: config.smtpPort,
    secure: config.smtpSecure,
    auth: config.smtpUser ? { user: config.smtpUser, pass: config.smtpPass ?? '' } : undefined,
    // a recovery request waits for the server's answer: fail within seconds, not the defaults' minutes
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  })))
  return {
    configured: true,
    async send(mail) {
      await (await open()).sendMail({ from: config.smtpFrom, ...mail })
    },
    close: () => void transport?.then((t) => t.close(), () => undefined),
  }
}

/** The web app's address for absolute links: PUBLIC_URL, or this machine outside production. */
export function publicUrl(config: Config): string | null {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '')
  return config.env === 'production' ? null : `http://localhost:${config.port}`
}
