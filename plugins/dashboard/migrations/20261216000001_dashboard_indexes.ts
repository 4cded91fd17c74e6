import type { Knex } from 'knex'

/*
 * This migration once added an index to the tickets plugin's service cycles. A plugin does not alter another
 * plugin's tables: the tickets plugin creates that index itself now (its migration 20261224000001). The file stays
 * because installs have it recorded, and knex refuses to run when a recorded migration is missing.
 */
export async function up(_knex: Knex): Promise<void> {}

export async function down(_knex: Knex): Promise<void> {}
