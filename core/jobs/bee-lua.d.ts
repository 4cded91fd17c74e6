// bee-queue ships no types for its Lua module; the one call the driver makes (a static import, so the compiled server
// shares bee-queue's own instance of it).
declare module 'bee-queue/lib/lua/index.js' {
  /** bee-queue's Lua scripts: loads every script into a Redis client's script cache. */
  const lua: { buildCache(client: unknown): Promise<unknown> }
  export default lua
}
