import t from 'tap'
import net from 'node:net'
import { once } from 'node:events'
import type { WebSocket } from 'ws'
import { WriteCoalescer } from './write-coalescer.ts'

t.test('a turn\'s first frame to a socket leaves at once, the rest of its frames in one write at the end of the turn, in order', async (t) => {
  const received: string[] = []
  const server = net.createServer((c) => c.on('data', (d) => void received.push(d.toString())))
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const socket = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1')
  await once(socket, 'connect')
  t.teardown(() => {
    socket.destroy()
    server.close()
  })
  const calls: string[] = []
  const raw = socket as unknown as { _write: (...a: unknown[]) => void; _writev: (...a: unknown[]) => void }
  const [write, writev] = [raw._write.bind(socket), raw._writev.bind(socket)]
  raw._write = (...a) => (calls.push('write'), write(...a))
  raw._writev = (...a) => (calls.push('writev'), writev(...a))

  const coalescer = new WriteCoalescer()
  const ws = { _socket: socket } as unknown as WebSocket
  for (const frame of ['one ', 'two ', 'three']) {
    coalescer.hold(ws)
    socket.write(frame)
  }
  t.same(calls, ['write'], 'the first frame left during the turn, the others are held')
  await new Promise((r) => setImmediate(r))
  t.same(calls, ['write', 'writev'], 'one write for the two others')
  while (received.join('') !== 'one two three') await new Promise((r) => setTimeout(r, 5))
  t.pass('they arrived whole and in order')

  // Next turn: a single frame (a fan-out's) is written at once, the socket never corked.
  calls.length = 0
  coalescer.hold(ws)
  socket.write('four')
  t.same(calls, ['write'])
  t.equal(socket.writableCorked, 0, 'not corked')
  await new Promise((r) => setImmediate(r))
  t.same(calls, ['write'], 'nothing more at the end of the turn')
  while (received.join('') !== 'one two threefour') await new Promise((r) => setTimeout(r, 5))

  coalescer.hold({} as WebSocket)
  t.pass('a socket without its net.Socket (still connecting) is left alone')
})
