import type { Knex } from 'knex'

/**
 * Announcements are the platform's, not a company's: super users write them and every company reads the active
 * ones, so the table has no company_id (like the core's help entries). The image lives in the public media folder of
 * the company whose super user uploaded it (media_company_id), served without a token by GET /api/public/:cid/:name.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('announcements', (t) => {
    t.increments('id')
    t.string('title', 255).notNullable()
    t.text('text').notNullable()
    // 1 high, 2 medium, 3 low (the spec's default).
    t.tinyint('priority').notNullable().defaultTo(3)
    t.boolean('status').notNullable().defaultTo(true)
    t.string('media_path', 100).nullable()
    t.string('media_name', 255).nullable()
    t.integer('media_company_id').unsigned().nullable()
    t.datetime('created_at', { precision: 3 })
    t.datetime('updated_at', { precision: 3 })
    t.index(['status', 'priority'])
  })
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('announcements')
}
