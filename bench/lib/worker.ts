import { fork } from 'node:child_process'

type Handlers = Record<string, (args: any) => unknown>

/**
 * A client process running one of the bench's client files: load generators and websocket fleets run there, on
 * the machine's other core, so the server's process measures only the server (and its memory holds only the
 * server's sockets). Calls are request/answer messages over IPC. (Worker threads would be lighter, but tsx's
 * loader does not reliably register inside a worker on Node 20.)
 */
export interface ClientProcess {
  call<T = unknown>(cmd: string, args?: unknown): Promise<T>
  close(): Promise<void>
}

export function startClient(file: URL, data: unknown = {}, execArgv: string[] = []): ClientProcess {
  const child = fork(file, [JSON.stringify(data)], { execArgv: [...execArgv, '--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  let seq = 0
  const waiting = new Map<number, { resolve: (v: any) => void; reject: (e: Error) => void }>()
  child.on('message', (m: { id: number; result?: unknown; error?: string }) => {
    const w = waiting.get(m.id)
    waiting.delete(m.id)
    if (m.error !== undefined) w?.reject(new Error(m.error))
    else w?.resolve(m.result)
  })
  child.on('exit', (code) => {
    for (const w of waiting.values()) w.reject(new Error(`client process exited with ${code}`))
    waiting.clear()
  })
  return {
    call: (cmd, args) => new Promise((resolve, reject) => {
      if (child.exitCode !== null) return reject(new Error(`client process exited with ${child.exitCode}`))
      const id = ++seq
      waiting.set(id, { resolve, reject })
      child.send({ id, cmd, args })
    }),
    close: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise((r) => child.once('exit', r))
      child.kill()
      await exited
    },
  }
}

/** Inside the client process: answers the calls with these handlers. */
export function serveClient(handlers: Handlers): void {
  process.on('message', async (m: { id: number; cmd: string; args: unknown }) => {
    try {
      const handler = handlers[m.cmd]
      if (!handler) throw new Error(`unknown client command ${m.cmd}`)
      process.send!({ id: m.id, result: await handler(m.args) })
    } catch (err) {
      process.send!({ id: m.id, error: err instanceof Error ? `${err.message}\n${err.stack}` : String(err) })
    }
  })
}
