import { SMTPServer } from 'smtp-server'
import { simpleParser, type ParsedMail } from 'mailparser'
import type { AddressInfo } from 'node:net'
import type { TestContext } from './build.ts'

export interface LocalSmtp {
  port: number
  /** Messages received, parsed, in arrival order. */
  mails: ParsedMail[]
  /** The login each message came with. */
  logins: string[]
  /** While true, the server refuses every message (a full mailbox, a down relay). */
  refuse: boolean
}

/**
 * A real SMTP server on 127.0.0.1 for the tests of the platform's mail: nodemailer talks to it over TCP exactly as it
 * would to a provider; it asks for a login and keeps what it receives. Closed when the test ends.
 */
export async function startSmtpServer(t: TestContext, credentials = { user: 'zapdesk', pass: 'smtp-secret' }): Promise<LocalSmtp> {
  const state: LocalSmtp = { port: 0, mails: [], logins: [], refuse: false }
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, done) {
      if (auth.username !== credentials.user || auth.password !== credentials.pass) return done(new Error('Invalid login'))
      state.logins.push(auth.username ?? '')
      done(null, { user: auth.username })
    },
    onData(stream, _session, done) {
      if (state.refuse) {
        stream.resume()
        stream.on('end', () => done(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 })))
        return
      }
      simpleParser(stream).then((mail) => {
        state.mails.push(mail)
        done()
      }, done)
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  state.port = (server.server.address() as AddressInfo).port
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return state
}
