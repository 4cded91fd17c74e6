import type { Socket } from 'node:net'
import type { WebSocket } from 'ws'

/**
 * Frames sent to one socket during one event-loop turn leave in one write: the first send of the turn corks the
 * socket and the turn's end uncorks it. A burst of events (a batch of inbound messages announces several frames
 * per message to every agent of the company) then costs one system call per socket instead of one per frame.
 * Order is kept (a corked stream only buffers), and a frame waits at most until the loop's next check phase.
 */
export class WriteCoalescer {
  private corked = new Set<Socket>()
  private scheduled = false

  /** Call before `ws.send`: holds the socket's writes until the end of this turn. */
  hold(ws: WebSocket): void {
    // ws keeps its net.Socket private; without it (a socket still connecting or already gone) sends go as usual.
    const socket = (ws as unknown as { _socket?: Socket })._socket
    if (!socket || socket.destroyed || this.corked.has(socket)) return
    socket.cork()
    this.corked.add(socket)
    if (!this.scheduled) {
      this.scheduled = true
      setImmediate(this.flush)
    }
  }

  private flush = (): void => {
    this.scheduled = false
    const sockets = [...this.corked]
    this.corked.clear()
    for (const socket of sockets) socket.uncork()
  }
}
