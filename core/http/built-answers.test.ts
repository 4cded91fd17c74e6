import t from 'tap'
import Fastify from 'fastify'
import { Type } from '@sinclair/typebox'
import { lazyCompilers } from './lazy-compilers.ts'
import { builtAnswer, builtAnswers } from './built-answers.ts'

const Answer = builtAnswer(Type.Object({ id: Type.Integer(), name: Type.Union([Type.String(), Type.Null()]) }))

async function appAnswering(t: { teardown: (f: () => unknown) => void }, answer: unknown) {
  const app = Fastify({ schemaController: { compilersFactory: lazyCompilers() as never } })
  app.get('/x', { schema: { response: { 200: Answer } } }, async () => answer)
  t.teardown(() => app.close())
  return app
}

t.test('a built answer is written by JSON.stringify; checked, a difference from its schema\'s writer fails it', async (t) => {
  const was = builtAnswers.checked
  t.teardown(() => { builtAnswers.checked = was })
  builtAnswers.checked = false
  const loose = await appAnswering(t, { id: 1, name: null, secret: 'x' })
  t.equal((await loose.inject('/x')).body, '{"id":1,"name":null,"secret":"x"}', 'unchecked: written as built, undeclared fields included')

  builtAnswers.checked = true
  const exact = await appAnswering(t, { id: 1, name: 'Ana' })
  t.equal((await exact.inject('/x')).body, '{"id":1,"name":"Ana"}')
  for (const wrong of [{ id: 1, name: 'Ana', secret: 'x' }, { name: 'Ana', id: 1 }, { id: '1', name: 'Ana' }]) {
    const app = await appAnswering(t, wrong)
    t.equal((await app.inject('/x')).statusCode, 500, `${JSON.stringify(wrong)}: not what the schema writes`)
  }
})
