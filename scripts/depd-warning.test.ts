import t from 'tap'
import { createRequire } from 'node:module'

const depd = createRequire(import.meta.url)('./depd-warning.cjs') as (namespace: string) => {
  (message: string): void
  function<F extends (...args: never[]) => unknown>(fn: F, message?: string): F
  property(obj: object, prop: string, message?: string): void
}

/** The DeprecationWarnings `run` emits, as their messages. */
async function warnings(run: () => void): Promise<string[]> {
  const seen: string[] = []
  const listener = (w: Error) => void (w.name === 'DeprecationWarning' && seen.push(w.message))
  process.on('warning', listener)
  run()
  // process.emitWarning delivers on the next tick.
  await new Promise((r) => setImmediate(r))
  process.off('warning', listener)
  return seen
}

t.test('a deprecation is a DeprecationWarning named after the namespace, told once per message', async (t) => {
  const deprecate = depd('http-errors')
  t.same(await warnings(() => {
    deprecate('non-error status code; use only 4xx or 5xx status codes')
    deprecate('non-error status code; use only 4xx or 5xx status codes')
    deprecate('another')
  }), ['http-errors deprecated non-error status code; use only 4xx or 5xx status codes', 'http-errors deprecated another'])
})

t.test('deprecated functions and properties still work, and say so once', async (t) => {
  const deprecate = depd('pkg')
  const add = deprecate.function((a: number, b: number) => a + b, 'add()')
  const obj = { old: 1 }
  deprecate.property(obj, 'old', 'obj.old')
  let sum = 0
  t.same(await warnings(() => {
    sum = add(2, 3) + add(1, 1)
    obj.old = obj.old + 1
  }), ['pkg deprecated add()', 'pkg deprecated obj.old'])
  t.equal(sum, 7)
  t.equal(obj.old, 2)
})
