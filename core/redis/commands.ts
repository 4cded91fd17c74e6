// The redis package's client class itself, not `createClient`: that builds a subclass with a method for each of
// Redis's 743 commands, and its transactions' class again, on every start (about 60 ms of CPU, a tenth of a cold
// start); the app sends five commands, through sendCommand. The path is the package's own compiled module (it has no
// exports map), pinned by package-lock.json and exercised by core/redis/link.test.ts.
import clientModule from '@redis/client/dist/lib/client/index.js'

// A CommonJS module compiled from ES: Node's default import is its exports object, whose `default` is the class.
const RedisClient = clientModule.default
export type RedisConnection = InstanceType<typeof RedisClient>

/** A connection to `url` that reconnects with backoff (100 ms doubling, at most 5 s). */
export function redisConnection(url: string): RedisConnection {
  return new RedisClient({ url, socket: { reconnectStrategy: (n: number) => Math.min(100 * 2 ** n, 5000) } })
}

type Reply = string | number | null | Reply[]

/** The commands the app sends, typed, over one connection. */
export class RedisCommands {
  constructor(private connection: RedisConnection) {}

  private send<T extends Reply>(args: string[]): Promise<T> {
    return this.connection.sendCommand(args) as Promise<T>
  }

  get(key: string): Promise<string | null> {
    return this.send(['GET', key])
  }

  /** SET with NX and PX (the only SET the app sends: a lease): 'OK' when set, null when the key exists. */
  set(key: string, value: string, options: { NX: true; PX: number }): Promise<string | null> {
    return this.send(['SET', key, value, 'NX', 'PX', String(options.PX)])
  }

  del(key: string): Promise<number> {
    return this.send(['DEL', key])
  }

  eval(script: string, options: { keys: string[]; arguments?: string[] }): Promise<Reply> {
    return this.send(['EVAL', script, String(options.keys.length), ...options.keys, ...(options.arguments ?? [])])
  }

  publish(channel: string, message: string): Promise<number> {
    return this.send(['PUBLISH', channel, message])
  }
}
