import t from 'tap'
import { loadConfig, ConfigError } from './index.ts'

t.test('defaults in development', async (t) => {
  const c = loadConfig({})
  t.equal(c.port, 8080)
  t.equal(c.env, 'development')
})
