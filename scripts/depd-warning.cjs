// depd's API for the vendor bundle (scripts/build-vendor.mjs): a deprecation is told once per message as Node's own
// DeprecationWarning, prefixed with the namespace. depd itself reads its caller's file and line when created
// (http-errors creates one as it loads), which in the bundle made V8 index the line ends of the whole 4 MB file:
// 3% of a start's instructions.
'use strict'

module.exports = function depd(namespace) {
  const told = new Set()
  function deprecate(message) {
    if (told.has(message)) return
    told.add(message)
    process.emitWarning(`${namespace} deprecated ${message}`, 'DeprecationWarning')
  }
  deprecate.function = (fn, message) => function deprecated(...args) {
    deprecate(message ?? `${fn.name || 'function'}`)
    return fn.apply(this, args)
  }
  deprecate.property = (obj, prop, message) => {
    const descriptor = Object.getOwnPropertyDescriptor(obj, prop)
    if (!descriptor || !descriptor.configurable) return
    let value = descriptor.value
    Object.defineProperty(obj, prop, {
      configurable: true,
      enumerable: descriptor.enumerable,
      get: descriptor.get ? function get() { deprecate(message ?? prop); return descriptor.get.call(this) } : () => { deprecate(message ?? prop); return value },
      set: descriptor.set ? function set(v) { deprecate(message ?? prop); descriptor.set.call(this, v) } : (v) => { deprecate(message ?? prop); value = v },
    })
  }
  return deprecate
}
