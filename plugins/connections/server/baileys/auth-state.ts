import type { FastifyInstance } from 'fastify'
import type { AuthenticationCreds, AuthenticationState, SignalDataSet, SignalDataTypeMap } from '@whiskeysockets/baileys'

type Baileys = typeof import('@whiskeysockets/baileys')

const TABLE = 'whatsappAuthKeys'
const CREDS = 'creds'
/** Rows per statement: far below SQLite's and MySQL's placeholder limits. */
const CHUNK = 200

export interface SqlAuthState {
  state: AuthenticationState
  saveCreds(): Promise<void>
}

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK))
  return out
}

/**
 * Baileys' auth state in the database: the creds as one row, every Signal key as its own row
 * (company, connection, type, key id), JSON with Buffers kept by BufferJSON. A restart reads it back, so a paired
 * phone stays paired without a new QR. Wrap `state.keys` in makeCacheableSignalKeyStore before use.
 */
export async function loadAuthState(app: FastifyInstance, B: Baileys, companyId: number, whatsappId: number): Promise<SqlAuthState> {
  const scope = { companyId, whatsappId }
  const encode = (value: unknown) => JSON.stringify(value, B.BufferJSON.replacer)
  const decode = (text: string) => JSON.parse(text, B.BufferJSON.reviver) as unknown

  const row = await app.knex(TABLE).where({ ...scope, type: CREDS, keyId: '' }).first('value')
  const creds: AuthenticationCreds = row ? (decode(row.value) as AuthenticationCreds) : B.initAuthCreds()

  const upsert = async (rows: Array<{ type: string; keyId: string; value: string }>, removals: Array<{ type: string; keyId: string }>) => {
    await app.knex.transaction(async (trx) => {
      for (const part of chunks(rows)) {
        await trx(TABLE).insert(part.map((r) => ({ ...scope, ...r }))).onConflict(['whatsappId', 'type', 'keyId']).merge(['value'])
      }
      for (const { type, keyId } of removals) await trx(TABLE).where({ ...scope, type, keyId }).delete()
    })
  }

  const keys = {
    async get<T extends keyof SignalDataTypeMap>(type: T, ids: string[]): Promise<{ [id: string]: SignalDataTypeMap[T] }> {
      const out: { [id: string]: SignalDataTypeMap[T] } = {}
      for (const part of chunks(ids)) {
        const rows = (await app.knex(TABLE).where({ ...scope, type }).whereIn('keyId', part).select('keyId', 'value')) as Array<{ keyId: string; value: string }>
        for (const r of rows) {
          let value = decode(r.value)
          // Baileys reads these as protobuf objects, not plain JSON.
          if (type === 'app-state-sync-key' && value) value = B.proto.Message.AppStateSyncKeyData.fromObject(value as object)
          out[r.keyId] = value as SignalDataTypeMap[T]
        }
      }
      return out
    },
    async set(data: SignalDataSet): Promise<void> {
      const rows: Array<{ type: string; keyId: string; value: string }> = []
      const removals: Array<{ type: string; keyId: string }> = []
      for (const [type, entries] of Object.entries(data)) {
        for (const [keyId, value] of Object.entries(entries ?? {})) {
          if (value === null || value === undefined) removals.push({ type, keyId })
          else rows.push({ type, keyId, value: encode(value) })
        }
      }
      if (rows.length || removals.length) await upsert(rows, removals)
    },
  }

  return {
    state: { creds, keys },
    saveCreds: () => upsert([{ type: CREDS, keyId: '', value: encode(creds) }], []),
  }
}

/** Forgets a connection's pairing: the next start shows a new QR. */
export async function clearAuthState(app: FastifyInstance, companyId: number, whatsappId: number): Promise<void> {
  await app.knex(TABLE).where({ companyId, whatsappId }).delete()
}

/** Whether a connection has ever been paired (creds with an account), so a restart needs no QR. */
export function isPaired(creds: AuthenticationCreds): boolean {
  return Boolean(creds.me?.id)
}
