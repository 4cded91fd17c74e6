// Loaded first in every test process (package.json's tap node-arg): turns off the async hook of tap's error domains
// (async-hook-domain, one domain per test). That hook follows every async resource, each promise included, with a
// destroy hook: about a fifth of a test process's CPU (plugins/tickets' group on MariaDB: 29.7 vs 23.8 CPU-s, same
// 298 tests), part of it the garbage collection of what it holds. What the domains gave: an error thrown in a
// test's later async work, or a promise rejection nobody handles, failed that test and the file went on. Without
// them the same error ends the test process with its stack (Node's default), which fails the file: a green run is
// the same green, a red one says less about which test of the file it was.
import { createRequire, syncBuiltinESMExports } from 'node:module'

const asyncHooks = createRequire(import.meta.url)('node:async_hooks')
const createHook = asyncHooks.createHook
const inert = { enable() { return this }, disable() { return this } }
asyncHooks.createHook = (callbacks) => {
  // async-hook-domain's hook: init and destroy only, created from its own module.
  const fromDomains = callbacks?.init && callbacks.destroy && !callbacks.before && !callbacks.promiseResolve && /[\\/]async-hook-domain[\\/]/.test(new Error().stack ?? '')
  return fromDomains ? inert : createHook(callbacks)
}
// ESM importers of node:async_hooks (async-hook-domain is one) see the replaced export.
syncBuiltinESMExports()
