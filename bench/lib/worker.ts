import { fork } from 'node:child_process'

type Handlers = Record<string, (args: any) => unknown>

/**
 * A client process running one of the bench's client files: load generators and websocket fleets run there, on
 * the machine's other core, so the server's process measures only the server (and its memory holds only the
 * server's sockets). The parent calls the client's handlers over IPC (`call`, request and answer), and the client
 * may have the parent run one of the handlers given to `startClient` (`notifyParent`, no answer), e.g. to inject an
 * event in the server process. (Worker threads would be lighter, but tsx's
 * loader does not reliably register inside a worker on Node 20.)
 */
export interface ClientProcess {
  call<T = unknown>(cmd: string, args?: unknown): Promise<T>
  close(): Promise<void>
}

type Answer = { id: number; result?: unknown; error?: string }
type Request = { id: number; cmd: string; args: unknown }

async function answer(handlers: Handlers, m: Request, send: (a: Answer) => void): Promise<void> {
  try {
    const handler = handlers[m.cmd]
    if (!handler) throw new Error(`unknown command ${m.cmd}`)
    send({ id: m.id, result: await handler(m.args) })
  } catch (err) {
    send({ id: m.id, error: err instanceof Error ? `${err.message}\n${err.stack}` : String(err) })
  }
}

export function startClient(file: URL, data: unknown = {}, execArgv: string[] = [], parentHandlers: Handlers = {}): ClientProcess {
  const child = fork(file, [JSON.stringify(data)], { execArgv: [...execArgv, '--import', './scripts/typescript.mjs'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  let seq = 0
  const waiting = new Map<number, { resolve: (v: any) => void; reject: (e: Error) => void }>()
  child.on('message', (m: Answer | ({ up: true } & Request)) => {
    if ('up' in m) {
      // The client's notification (notifyParent): run, no answer; a failure is printed.
      void answer(parentHandlers, m, (a) => {
        if (a.error !== undefined) console.error(`client notification ${m.cmd} failed: ${a.error}`)
      })
      return
    }
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

/** Inside the client process: answers the parent's calls with these handlers. */
export function serveClient(handlers: Handlers): void {
  process.on('message', (m: Request) => void answer(handlers, m, (a) => process.send!(a)))
}

/**
 * Inside the client process: has the parent run one of the handlers given to `startClient`, without an answer (the
 * result shows elsewhere, e.g. an injected message's frames; a failure is printed by the parent), which spares the
 * server process a message per call.
 */
export function notifyParent(cmd: string, args?: unknown): void {
  if (!process.send) throw new Error('not a client process')
  process.send({ up: true, id: 0, cmd, args })
}
