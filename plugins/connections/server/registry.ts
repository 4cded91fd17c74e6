import type { ChannelDriver } from './driver.ts'

const PROVIDER = /^[a-z][a-z0-9-]{1,29}$/

/**
 * The channel drivers of this install, by `provider`. The connections plugin registers Baileys ('beta') and the
 * sandbox; another plugin adds its own with `app.channels.register(driver)` in its setup (declaring a dependency
 * on 'connections'), before the sessions start.
 */
export class DriverRegistry {
  private drivers = new Map<string, ChannelDriver>()

  register(driver: ChannelDriver): void {
    if (!PROVIDER.test(driver.provider)) throw new Error(`Channel driver provider "${driver.provider}" must be lowercase kebab-case`)
    if (this.drivers.has(driver.provider)) throw new Error(`Channel driver "${driver.provider}" is already registered`)
    this.drivers.set(driver.provider, driver)
  }

  get(provider: string): ChannelDriver | undefined {
    return this.drivers.get(provider)
  }

  has(provider: string): boolean {
    return this.drivers.has(provider)
  }

  list(): Array<{ provider: string; label: string }> {
    return [...this.drivers.values()].map((d) => ({ provider: d.provider, label: d.label }))
  }
}
