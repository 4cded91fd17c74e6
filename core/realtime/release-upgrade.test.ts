import t from 'tap'
import type { IncomingMessage } from 'node:http'
import { setImmediate as turn } from 'node:timers/promises'
import v8 from 'node:v8'
import vm from 'node:vm'
import { build } from '../testing/build.ts'
import { createCompanyWithUsers } from '../testing/fixtures.ts'
import { connect } from './ws-test-client.ts'

v8.setFlagsFromString('--expose-gc')
const gc = vm.runInNewContext('gc') as () => void

t.test('an open socket keeps nothing of the HTTP request that opened it; its errors still end it', async (t) => {
  const app = await build(t)
  const a = await createCompanyWithUsers(app)
  const upgrades: Array<WeakRef<IncomingMessage>> = []
  app.server.on('upgrade', (req: IncomingMessage) => void upgrades.push(new WeakRef(req)))
  const s = await connect(app, a.user.token, t)
  await s.sync()
  t.equal(upgrades.length, 1)
  // deref() keeps its target alive until the turn ends: collect in turns of their own, then look once.
  for (let i = 0; i < 3; i++) {
    await turn()
    gc()
  }
  await turn()
  t.equal(upgrades[0].deref(), undefined, 'the upgrade request was collected while the socket stays open')
  await s.sync()

  const [socket] = app.realtime.sockets()
  t.equal(socket.ws.listenerCount('error'), 1, 'one error listener: the route\'s, in place of the plugin\'s')
  socket.ws.emit('error', new Error('a broken frame'))
  t.equal((await s.closed).code, 1006, 'an error ends the socket')
})
