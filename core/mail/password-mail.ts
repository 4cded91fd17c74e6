import type { Mail } from './mailer.ts'

export type MailLanguage = 'pt' | 'en' | 'es'

const TEXTS: Record<MailLanguage, { subject: string; hello: (name: string) => string; body: string; button: string; ignore: string }> = {
  pt: {
    subject: 'Zapdesk - recuperação de senha',
    hello: (name) => `Olá, ${name}.`,
    body: 'Recebemos um pedido para redefinir a senha da sua conta. Use o link abaixo para escolher uma nova senha; ele vale por 1 hora e funciona uma única vez.',
    button: 'Definir nova senha',
    ignore: 'Se você não pediu a troca, ignore este e-mail: sua senha continua a mesma.',
  },
  en: {
    subject: 'Zapdesk - password recovery',
    hello: (name) => `Hello, ${name}.`,
    body: 'We received a request to reset your account\'s password. Use the link below to choose a new one; it is valid for 1 hour and works only once.',
    button: 'Set a new password',
    ignore: 'If you did not ask for this, ignore this email: your password stays the same.',
  },
  es: {
    subject: 'Zapdesk - recuperación de contraseña',
    hello: (name) => `Hola, ${name}.`,
    body: 'Recibimos una solicitud para restablecer la contraseña de su cuenta. Use el enlace de abajo para elegir una nueva; vale por 1 hora y funciona una sola vez.',
    button: 'Definir nueva contraseña',
    ignore: 'Si no lo solicitó, ignore este correo: su contraseña sigue siendo la misma.',
  },
}

/** The first of pt, en and es in an Accept-Language header (the web app sends the language it shows); pt otherwise. */
export function mailLanguage(acceptLanguage: string | undefined): MailLanguage {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase()
    if (code === 'pt' || code === 'en' || code === 'es') return code
  }
  return 'pt'
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The recovery message, as text and HTML, in the reader's language. */
export function passwordResetMail(to: string, name: string, link: string, language: MailLanguage): Mail {
  const t = TEXTS[language]
  const text = `${t.hello(name)}\n\n${t.body}\n\n${link}\n\n${t.ignore}\n`
  const html = `<!doctype html><html lang="${language}"><body style="font-family:Arial,sans-serif;color:#1c2127">`
    + `<p>${escapeHtml(t.hello(name))}</p><p>${escapeHtml(t.body)}</p>`
    + `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#2d72d2;color:#fff;border-radius:4px;text-decoration:none">${escapeHtml(t.button)}</a></p>`
    + `<p style="font-size:12px;color:#5f6b7c">${escapeHtml(link)}</p><p>${escapeHtml(t.ignore)}</p></body></html>`
  return { to, subject: t.subject, text, html }
}
