import type { Knex } from 'knex'

/**
 * Billing: the invoices of each company (one per due-date cycle: `cycle` is the due date it pays, unique per
 * company, so the invoicing run creates nothing twice), the company's charge info (the payer's data and the
 * provider's references; card data never: only the provider's token and the masked number), and the payment events
 * already applied (unique per provider and event id, so a replayed webhook changes nothing).
 * Money: BRL decimals with 2 places, as plans.value.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('invoices', (t) => {
    t.increments('id')
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.string('detail', 200).notNullable()
    t.decimal('value', 10, 2).notNullable()
    t.string('due_date', 10).notNullable()
    t.string('cycle', 10).nullable()
    // cycle (the invoicing run) | manual (a super user) | plan (a plan change at the full value: one more period)
    // | prorata (a dearer plan for the days left: the plan changes, the due date stays)
    t.string('kind', 10).notNullable()
    // open | paid | canceled
    t.string('status', 10).notNullable()
    t.integer('plan_id').unsigned().nullable()
    t.string('provider', 40).nullable()
    t.string('provider_ref', 100).nullable()
    t.datetime('paid_at', { precision: 3 }).nullable()
    t.datetime('created_at', { precision: 3 })
    t.datetime('updated_at', { precision: 3 })
    t.unique(['company_id', 'cycle'])
    t.index(['company_id', 'status'])
    t.index(['provider', 'provider_ref'])
  })
  await knex.schema.createTable('charge_infos', (t) => {
    t.increments('id')
    t.integer('company_id').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE')
    t.string('cpf', 11).notNullable()
    t.string('birth', 10).notNullable()
    t.string('zipcode', 8).notNullable()
    t.string('number', 10).notNullable().defaultTo('')
    t.string('city', 100).notNullable().defaultTo('')
    t.string('state', 40).notNullable().defaultTo('')
    t.string('street', 200).notNullable().defaultTo('')
    t.string('neighborhood', 100).notNullable().defaultTo('')
    t.string('name', 120).notNullable()
    t.string('email', 200).notNullable().defaultTo('')
    t.string('phone_number', 20).notNullable().defaultTo('')
    // Masked (last 4 digits) and the brand: what the active card strip shows.
    t.string('card_number', 20).nullable()
    t.string('card_flag', 20).nullable()
    t.string('provider', 40).nullable()
    t.string('provider_customer_id', 100).nullable()
    t.string('card_subscription_id', 100).nullable()
    t.datetime('created_at', { precision: 3 })
    t.datetime('updated_at', { precision: 3 })
    t.unique(['company_id'])
  })
  await knex.schema.createTable('payment_events', (t) => {
    t.increments('id')
    t.integer('company_id').unsigned().nullable().references('id').inTable('companies').onDelete('CASCADE')
    t.string('provider', 40).notNullable()
    t.string('event_id', 120).notNullable()
    t.string('kind', 60).notNullable()
    t.integer('invoice_id').unsigned().nullable()
    t.datetime('created_at', { precision: 3 })
    t.datetime('updated_at', { precision: 3 })
    t.unique(['provider', 'event_id'])
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('payment_events')
  await knex.schema.dropTableIfExists('charge_infos')
  await knex.schema.dropTableIfExists('invoices')
}
