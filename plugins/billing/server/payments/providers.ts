import { AppError } from '@zapdesk/plugin-api'
import type { PaymentProvider } from '../types.ts'

/** The payment providers plugins registered; the first one configured takes payments. */
export class ProviderRegistry {
  private list: PaymentProvider[] = []

  register(provider: PaymentProvider): void {
    if (this.list.some((p) => p.name === provider.name)) throw new Error(`billing: provider "${provider.name}" is registered twice`)
    this.list.push(provider)
  }

  names(): string[] {
    return this.list.map((p) => p.name)
  }

  byName(name: string): PaymentProvider | undefined {
    return this.list.find((p) => p.name === name)
  }

  /** The provider to charge with; without one (an install with none) invoices are paid by hand by a super user. */
  async active(): Promise<PaymentProvider> {
    for (const p of this.list) if (await p.configured()) return p
    throw new AppError('ERR_BILLING_NO_PROVIDER', 409)
  }
}
