import t from 'tap'
import { openSecret, sealSecret, SecretError } from './secret-box.ts'

const config = { secretsKey: 'k'.repeat(40), jwtSecret: 'jwt-secret' }

t.test('a sealed secret opens with the same key and shows nothing of the plain text', async (t) => {
  const sealed = sealSecret(config, 'sk-live-1234567890')
  t.match(sealed, /^v1\.[\w-]+\.[\w-]+\.[\w-]+$/)
  t.notMatch(sealed, /1234567890/)
  t.not(sealSecret(config, 'sk-live-1234567890'), sealed, 'a fresh IV every time')
  t.equal(openSecret(config, sealed), 'sk-live-1234567890')
  t.equal(openSecret(config, sealSecret(config, '')), '', 'empty text too')
})

t.test('another key, an altered value or garbage is refused', async (t) => {
  const sealed = sealSecret(config, 'sk-live-1234567890')
  t.throws(() => openSecret({ ...config, secretsKey: 'x'.repeat(40) }, sealed), SecretError)
  const [v, iv, tag, data] = sealed.split('.')
  const flipped = Buffer.from(data, 'base64url')
  flipped[0] ^= 1
  t.throws(() => openSecret(config, [v, iv, tag, flipped.toString('base64url')].join('.')), SecretError, 'the tag catches a change')
  t.throws(() => openSecret(config, 'sk-plain'), SecretError)
})

t.test('without SECRETS_KEY the key comes from JWT_SECRET', async (t) => {
  const fromJwt = { jwtSecret: 'a'.repeat(40) }
  const sealed = sealSecret(fromJwt, 'voice-key')
  t.equal(openSecret({ jwtSecret: 'a'.repeat(40) }, sealed), 'voice-key')
  t.throws(() => openSecret({ jwtSecret: 'b'.repeat(40) }, sealed), SecretError)
})
