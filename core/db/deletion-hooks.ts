import type { Knex } from 'knex'

export type DeletionHook = (trx: Knex.Transaction, companyId: number, id: number) => Promise<void>

/**
 * An extension point for rows other plugins refer to: the owner runs every hook inside the transaction that deletes
 * the row, before the delete, so what referred to it (another plugin's rows, which the owner never names) is
 * removed or detached atomically with it. A hook that throws rolls the delete back.
 */
export class DeletionHooks {
  private hooks: DeletionHook[] = []

  add(hook: DeletionHook): void {
    this.hooks.push(hook)
  }

  async run(trx: Knex.Transaction, companyId: number, id: number): Promise<void> {
    for (const hook of this.hooks) await hook(trx, companyId, id)
  }
}
