import t from 'tap'
import { fileURLToPath } from 'node:url'
import { build, connect, createCompanyWithUsers, createSuper, onlyPlugin, type TestSocket } from '@zapdesk/plugin-api/testing'
import { call, PNG, upload } from './test-helpers.ts'

const PLUGIN = fileURLToPath(new URL('..', import.meta.url))

t.test('every company\'s users hear the spec\'s announcement events; inactive ones reach super users only', async (t) => {
  const app = await build(t, onlyPlugin(PLUGIN))
  const boss = await createSuper(app)
  const [a, b] = [await createCompanyWithUsers(app), await createCompanyWithUsers(app)]
  const sockets: Record<string, [TestSocket, number]> = {
    aAgent: [await connect(app, a.user.token, t), a.id], aAdmin: [await connect(app, a.admin.token, t), a.id],
    bAgent: [await connect(app, b.user.token, t), b.id], boss: [await connect(app, boss.token, t), boss.companyId],
  }
  const looked = new Set<object>()
  /** What each socket heard since the last look: [topic, action, id], from frames named after its own company. */
  const heard = async () => {
    const out: Record<string, Array<[string, string, number]>> = {}
    for (const [who, [s, companyId]] of Object.entries(sockets)) {
      await s.sync()
      const fresh = s.frames.filter((f) => f.event?.startsWith(`company-${companyId}-announcement`) && !looked.has(f))
      for (const f of fresh) looked.add(f)
      out[who] = fresh.map((f) => {
        const data = f.data as { action: string; id?: number; record?: { id: number } }
        return [f.event!.slice(`company-${companyId}-`.length), data.action, data.id ?? data.record!.id]
      })
    }
    return out
  }
  const everyone = (...events: Array<[string, string, number]>) => ({ aAgent: events, aAdmin: events, bAgent: events })

  const news = (await call(app, 'POST', '/announcements', boss.headers, { title: 'Nova versão', text: 'Chegou', priority: 1 })).json()
  t.same(await heard(), { ...everyone(['announcement', 'create', news.id]), boss: [['announcementManage', 'create', news.id], ['announcement', 'create', news.id]] }, 'a new active one: everybody, in every company')
  const draft = (await call(app, 'POST', '/announcements', boss.headers, { title: 'Rascunho', text: 'Ainda não', status: false })).json()
  t.same(await heard(), { ...everyone(), boss: [['announcementManage', 'create', draft.id]] }, 'a draft: the super users\' page only')
  await call(app, 'PUT', `/announcements/${draft.id}`, boss.headers, { text: 'Quase' })
  t.same(await heard(), { ...everyone(), boss: [['announcementManage', 'update', draft.id]] })
  await call(app, 'PUT', `/announcements/${draft.id}`, boss.headers, { status: true })
  t.same(await heard(), { ...everyone(['announcement', 'create', draft.id]), boss: [['announcementManage', 'update', draft.id], ['announcement', 'create', draft.id]] }, 'published: a create for the popovers')
  await upload(app, `/announcements/${news.id}/media-upload`, boss.headers, 'nova.png', PNG)
  t.same(await heard(), { ...everyone(['announcement', 'update', news.id]), boss: [['announcementManage', 'update', news.id], ['announcement', 'update', news.id]] }, 'an image: an update')
  await call(app, 'PUT', `/announcements/${news.id}`, boss.headers, { status: false })
  t.same(await heard(), { ...everyone(['announcement', 'delete', news.id]), boss: [['announcementManage', 'update', news.id], ['announcement', 'delete', news.id]] }, 'deactivated: gone from the popovers')
  await call(app, 'DELETE', `/announcements/${news.id}`, boss.headers)
  t.same(await heard(), { ...everyone(), boss: [['announcementManage', 'delete', news.id]] }, 'deleting an inactive one: nobody else had it')
  await call(app, 'DELETE', `/announcements/${draft.id}`, boss.headers)
  t.same(await heard(), { ...everyone(['announcement', 'delete', draft.id]), boss: [['announcementManage', 'delete', draft.id], ['announcement', 'delete', draft.id]] })

  const [frame] = sockets.bAgent[0].frames.filter((f) => f.event === `company-${b.id}-announcement` && f.data?.action === 'create')
  t.match(frame.data, { action: 'create', record: { title: 'Nova versão', text: 'Chegou', priority: 1, status: true } }, 'the record travels with the event')
  t.notOk(sockets.bAgent[0].frames.some((f) => JSON.stringify(f).includes('Ainda não')), 'a draft\'s text never reaches a company')
})
