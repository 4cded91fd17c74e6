'use strict'
// The compiled server's CommonJS packages (fastify, knex, objection, mysql2, ...), bundled by build-vendor.mjs into one
// file, vendor.cjs, beside this one (dist/node_modules/@zapdesk/vendor/). It is compiled with the V8 code cache the build
// wrote (vendor.cjs.cache): a start deserializes the packages' compiled code instead of parsing and compiling 4 MB of
// JavaScript (Node 20 has no compile cache of its own; module.enableCompileCache is Node 22). A cache V8 rejects (another
// Node version or flags) only costs the compile, as without one. Each package is evaluated on its first import, as when
// the chunks held it.
const fs = require('node:fs')
const path = require('node:path')
const vm = require('node:vm')
const { createRequire } = require('node:module')

const file = path.join(__dirname, 'vendor.cjs')
const cacheFile = `${file}.cache`

/**
 * The file's bytes, read into `buffer` when they fit there (a view of just them), else as readFileSync reads them. A
 * short read only leaves V8 a cache it rejects, which costs the compile.
 */
function readInto(name, buffer) {
  const size = fs.statSync(name).size
  if (size > buffer.length) return fs.readFileSync(name)
  const fd = fs.openSync(name, 'r')
  try {
    return buffer.subarray(0, fs.readSync(fd, buffer, 0, size, 0))
  } finally {
    fs.closeSync(fd)
  }
}

const bytes = fs.readFileSync(file)
// esbuild writes ASCII (its default charset; the licences' comments go to a file of their own), which the build checks:
// read as one-byte text, without UTF-8's decoding (10 of 11 ms for the 4 MB) or a scan for other bytes (6 ms). The
// build wrote it inside the CommonJS wrapper already: wrapped here, V8 copied the 4 MB into one string again (10 ms).
const source = bytes.toString('latin1')
// The code cache goes into the source's buffer, which the string no longer needs: a buffer of its own was 3.5 MB of
// fresh memory, 850 page faults more. What that costs depends on the machine: where a fresh page cost 12-14 us the
// vendor load alone went 98 -> 82 ms (medians of 12 alternated loads); on one with cheap pages, 27.5 -> 26.5 (of 15).
let cachedData
try {
  cachedData = readInto(cacheFile, bytes)
} catch {
  cachedData = undefined
}
const script = new vm.Script(source, { filename: file, cachedData })
// A package's own import(): the build writes it as a call of this module's import(), which resolves from this folder
// (the vendor file's). Node 20 drops a vm.Script's importModuleDynamically when the script comes from a code cache
// (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING), so the script itself cannot import.
const vendor = { exports: {}, import: (specifier) => import(specifier) }
script.runInThisContext().call(vendor.exports, vendor.exports, createRequire(file), vendor, file, __dirname)
const modules = vendor.exports

module.exports = {
  /** What this start did with the build's code cache: 'used', 'rejected' (compiled as without one) or 'none'. */
  codeCache: cachedData === undefined ? 'none' : script.cachedDataRejected ? 'rejected' : 'used',
  /** The package module at `id` (its path from the install's root, as the build resolved it). */
  load(id) {
    const get = modules[id]
    if (!get) throw new Error(`@zapdesk/vendor: ${id} is not in the compiled server's packages (npm run build:server)`)
    return get()
  },
  /** The build's step: evaluates every package, then writes the code cache of what that compiled. */
  writeCodeCache() {
    for (const get of Object.values(modules)) get()
    fs.writeFileSync(cacheFile, script.createCachedData())
  },
}
