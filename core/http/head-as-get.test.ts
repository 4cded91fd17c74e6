import t from 'tap'
import { build } from '../testing/build.ts'
import { createCompanyWithUsers } from '../testing/fixtures.ts'

t.test('HEAD answers as the GET of the same URL, without a body; no HEAD routes are registered', async (t) => {
  const app = await build(t)
  const auth = (await createCompanyWithUsers(app)).admin.headers
  for (const url of ['/api/version', '/api/queue', '/api/tickets?status=open']) {
    const get = await app.inject({ method: 'GET', url, headers: auth })
    const head = await app.inject({ method: 'HEAD', url, headers: auth })
    t.equal(get.statusCode, 200, `GET ${url}`)
    t.equal(head.statusCode, 200, `HEAD ${url}`)
    t.equal(head.body, '', `HEAD ${url}: no body`)
    t.equal(head.headers['content-type'], get.headers['content-type'], `HEAD ${url}: the GET's type`)
    t.equal(head.headers['content-length'], get.headers['content-length'], `HEAD ${url}: the GET's length`)
  }
  const unauthorized = await app.inject({ method: 'HEAD', url: '/api/queue' })
  t.equal(unauthorized.statusCode, 401, 'the GET route\'s access check answers a HEAD too')
  t.equal(unauthorized.body, '')
  t.equal((await app.inject({ method: 'HEAD', url: '/api/auth/login' })).statusCode, 404, 'a URL without a GET route has no HEAD')
  const created = await app.inject({ method: 'POST', url: '/api/queue', headers: auth, payload: { name: 'Vendas', color: '#112233' } })
  t.equal(created.json().name, 'Vendas', 'other methods route as they are')
  t.notOk(app.hasRoute({ method: 'HEAD', url: '/api/queue' }), 'no HEAD route beside each GET')
  t.ok(app.hasRoute({ method: 'GET', url: '/api/queue' }))
})
