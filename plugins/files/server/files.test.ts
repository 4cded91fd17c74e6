import t from 'tap'
import { AppError } from '@zapdesk/plugin-api'
import { build, checkHostileInput, checkTenantIsolation, connect, createCompanyWithUsers } from '@zapdesk/plugin-api/testing'
import { call, upload } from './test-helpers.ts'

const PDF = Buffer.from('%PDF-1.4 price list')
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')

t.test('create, list with search, show, rename and delete a file list; the spec\'s validation', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const created = await call(app, 'POST', '/files', c.admin.headers, { name: ' Catálogo ', message: 'Nosso catálogo', options: [{ name: 'Tabela' }, { name: 'Foto' }] })
  t.equal(created.statusCode, 201, created.body)
  t.match(created.json(), { name: 'Catálogo', message: 'Nosso catálogo', companyId: c.id, options: [{ name: 'Tabela', path: null }, { name: 'Foto', path: null }] })
  const id = created.json().id
  await call(app, 'POST', '/files', c.admin.headers, { name: 'Promoções', message: 'Ofertas' })

  for (const body of [{ message: 'x' }, { name: 'ab', message: 'x' }, { name: '   ', message: 'x' }, { name: 'Lista', message: '' }, { name: 'Lista' }, { name: 'x'.repeat(101), message: 'x' }]) {
    const res = await call(app, 'POST', '/files', c.admin.headers, body)
    t.equal(res.statusCode, 400, `refused: ${JSON.stringify(body).slice(0, 40)}`)
    t.equal(res.json().error, 'ERR_VALIDATION')
  }
  const page = (await call(app, 'GET', '/files?searchParam=CATÁ', c.user.headers)).json()
  t.same(page.files.map((f: { name: string }) => f.name), ['Catálogo'], 'search ignores case; agents read lists')
  t.equal(page.count, 1)
  t.equal(page.hasMore, false)
  t.same((await call(app, 'GET', '/files', c.admin.headers)).json().files.map((f: { name: string }) => f.name), ['Catálogo', 'Promoções'])

  const renamed = await call(app, 'PUT', `/files/${id}`, c.admin.headers, { name: 'Catálogo 2026' })
  t.match(renamed.json(), { name: 'Catálogo 2026', message: 'Nosso catálogo', options: [{ name: 'Tabela' }, { name: 'Foto' }] }, 'options untouched when not sent')
  t.equal((await call(app, 'PUT', `/files/${id}`, c.user.headers, { name: 'Agente' })).statusCode, 403, 'agents do not change lists')
  t.equal((await call(app, 'POST', '/files', c.user.headers, { name: 'Agente', message: 'x' })).statusCode, 403)
  t.equal((await call(app, 'DELETE', `/files/${id}`, c.user.headers)).statusCode, 403)
  t.equal((await call(app, 'DELETE', `/files/${id}`, c.admin.headers)).statusCode, 204)
  const gone = await call(app, 'GET', `/files/${id}`, c.admin.headers)
  t.equal(gone.statusCode, 404)
  t.equal(gone.json().error, 'ERR_NO_FILE_FOUND')
})

t.test('uploads fill options, replace files, add options; removing an option or the list removes its files', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const list = (await call(app, 'POST', '/files', c.admin.headers, { name: 'Catálogo', message: 'Veja', options: [{ name: 'Tabela' }, { name: 'Foto' }] })).json()
  const [tabela, foto] = list.options
  const both = await upload(app, `/files/uploadList/${list.id}`, c.admin.headers, [
    { field: 'fileId', value: String(list.id) }, { field: 'typeArch', value: 'fileList' },
    { field: 'files', fileName: 'tabela.pdf', data: PDF, type: 'application/pdf' }, { field: 'id', value: String(tabela.id) }, { field: 'name', value: 'Tabela de preços' }, { field: 'mediaType', value: 'application/pdf' },
    { field: 'files', fileName: 'foto.png', data: PNG, type: 'image/png' }, { field: 'id', value: String(foto.id) }, { field: 'name', value: 'Foto' }, { field: 'mediaType', value: '' },
  ])
  t.equal(both.statusCode, 200, both.body)
  const [a, b] = both.json().options
  t.match(a, { id: tabela.id, name: 'Tabela de preços', fileName: 'tabela.pdf', mediaType: 'application/pdf' })
  t.match(b, { id: foto.id, name: 'Foto', fileName: 'foto.png', mediaType: 'image/png' }, 'the file\'s own type when none is sent')
  const fileOf = (path: string) => app.storage.stat(c.id, path)
  t.ok((await fileOf(a.path)) && (await fileOf(b.path)), 'stored in the company\'s media')
  const served = await app.inject({ method: 'GET', url: `/api/media/${a.path}`, headers: c.user.headers })
  t.equal(served.body, PDF.toString(), 'served by the media route')

  const attachments = await app.files.attachments(c.id, list.id)
  t.same(attachments.map((f) => [f.name, f.fileName, f.mimetype, f.data.length]), [['Tabela de preços', 'tabela.pdf', 'application/pdf', PDF.length], ['Foto', 'foto.png', 'image/png', PNG.length]])

  const replaced = await upload(app, `/files/uploadList/${list.id}`, c.admin.headers, [{ field: 'files', fileName: 'tabela-2.pdf', data: PDF }, { field: 'id', value: String(tabela.id) }])
  t.equal(replaced.json().options[0].fileName, 'tabela-2.pdf')
  t.notOk(await fileOf(a.path), 'the replaced file is removed')
  const added = await upload(app, `/files/uploadList/${list.id}`, c.admin.headers, [{ field: 'files', fileName: 'menu.pdf', data: PDF }])
  t.same(added.json().options.map((o: { name: string }) => o.name), ['Tabela de preços', 'Foto', 'menu.pdf'], 'a file without an option id adds one')

  const bad = await upload(app, `/files/uploadList/${list.id}`, c.admin.headers, [{ field: 'files', fileName: 'x.pdf', data: PDF }, { field: 'id', value: '999999' }])
  t.equal(bad.json().error, 'ERR_VALIDATION', 'an option of another list is refused')
  t.equal((await app.storage.list(c.id)).length, 3, 'and its file is not kept')
  t.equal((await upload(app, `/files/uploadList/${list.id}`, c.admin.headers, [{ field: 'files', fileName: 'x.exe', data: PDF }])).statusCode, 415)
  t.equal((await upload(app, `/files/uploadList/${list.id}`, c.admin.headers, [{ field: 'name', value: 'nada' }])).json().error, 'ERR_VALIDATION', 'no file, no change')

  const current = (await call(app, 'GET', `/files/${list.id}`, c.admin.headers)).json()
  const kept = current.options.filter((o: { name: string }) => o.name !== 'Foto').map((o: { id: number; name: string }) => ({ id: o.id, name: o.name }))
  const edited = await call(app, 'PUT', `/files/${list.id}`, c.admin.headers, { options: [...kept, { name: 'Novo' }] })
  t.same(edited.json().options.map((o: { name: string }) => o.name), ['Tabela de preços', 'menu.pdf', 'Novo'])
  t.notOk(await fileOf(b.path), 'the removed option\'s file is gone')
  t.equal((await call(app, 'PUT', `/files/${list.id}`, c.admin.headers, { options: [{ id: 999999, name: 'x' }] })).json().error, 'ERR_VALIDATION')

  const paths = edited.json().options.flatMap((o: { path: string | null }) => (o.path ? [o.path] : []))
  await call(app, 'DELETE', `/files/${list.id}`, c.admin.headers)
  t.ok(paths.length > 0)
  t.same((await app.storage.list(c.id)).filter((n) => paths.includes(n)), [], 'deleting the list deletes its files')
})

t.test('a deleted list runs the deletion hooks in its transaction; a hook that throws keeps it', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const list = (await call(app, 'POST', '/files', c.admin.headers, { name: 'Catálogo', message: 'Veja' })).json()
  let refuse = true
  const seen: number[] = []
  app.files.deletionHooks.add(async (_trx, companyId, id) => {
    seen.push(id)
    if (refuse) throw new AppError('ERR_BAD_REQUEST', 409, undefined, `list ${id} of ${companyId} is in use`)
  })
  t.equal((await call(app, 'DELETE', `/files/${list.id}`, c.admin.headers)).statusCode, 409, 'the hook\'s refusal is the answer')
  t.equal((await call(app, 'GET', `/files/${list.id}`, c.admin.headers)).statusCode, 200, 'rolled back')
  refuse = false
  t.equal((await call(app, 'DELETE', `/files/${list.id}`, c.admin.headers)).statusCode, 204)
  t.same(seen, [list.id, list.id])
})

t.test('live changes reach the company\'s admins only', async (t) => {
  const app = await build(t)
  const c = await createCompanyWithUsers(app)
  const other = await createCompanyWithUsers(app)
  const admin = await connect(app, c.admin.token, t)
  const agent = await connect(app, c.user.token, t)
  const stranger = await connect(app, other.admin.token, t)
  const list = (await call(app, 'POST', '/files', c.admin.headers, { name: 'Catálogo', message: 'Veja' })).json()
  await call(app, 'PUT', `/files/${list.id}`, c.admin.headers, { message: 'Veja já' })
  await call(app, 'DELETE', `/files/${list.id}`, c.admin.headers)
  await admin.next((f) => f.event === `company-${c.id}-file` && f.data?.action === 'delete')
  await Promise.all([agent.sync(), stranger.sync()])
  t.same(admin.frames.filter((f) => f.event?.endsWith('-file')).map((f) => f.data?.action), ['create', 'update', 'delete'])
  t.match(admin.frames.find((f) => f.data?.action === 'update')?.data, { file: { id: list.id, message: 'Veja já' } })
  t.equal(agent.frames.filter((f) => f.event?.endsWith('-file')).length, 0)
  t.equal(stranger.frames.filter((f) => f.event?.endsWith('-file')).length, 0)
})

const ours = (r: { url: string }) => /^\/api\/files(\/|$)/.test(r.url)

t.test('company A reaches nothing of company B through the file routes', async (t) => {
  const app = await build(t)
  const report = await checkTenantIsolation(t, app, { filter: ours })
  t.ok(report.routes >= 6, `${report.routes} routes`)
  t.equal(report.controlsReached, report.controls, 'B\'s own callers reach every id used')
})

t.test('hostile input to the file routes gets a 4xx with an error code', async (t) => {
  const app = await build(t)
  await checkHostileInput(t, app, { filter: ours })
})
