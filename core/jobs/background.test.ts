import t from 'tap'
import { build } from '../testing/build.ts'
import { spyLogger } from '../testing/spy-logger.ts'
import { BackgroundWork } from './background.ts'

t.test('tasks wait for begin, run once in the order added; one that fails is logged and the rest still run', async (t) => {
  const { errors, log: logger } = spyLogger()
  const work = new BackgroundWork(logger)
  const ran: string[] = []
  work.add('first', async () => void ran.push('first'))
  work.add('broken', () => {
    throw new Error('no database')
  })
  work.add('last', () => void ran.push('last'))
  t.same(ran, [], 'nothing runs before begin')
  await work.begin()
  t.same(ran, ['first', 'last'])
  t.equal(errors.length, 1)
  t.match(errors[0].obj, { task: 'broken', err: { message: 'no database' } })
  await work.begin()
  t.same(ran, ['first', 'last'], 'a second begin runs nothing again')
  work.add('late', () => void ran.push('late'))
  await new Promise((r) => setImmediate(r))
  t.same(ran, ['first', 'last', 'late'], 'a task added once begun runs at once')
})

t.test('each task runs in an event-loop turn of its own: I/O waiting meanwhile (a request) is served between tasks', async (t) => {
  const work = new BackgroundWork()
  const order: string[] = []
  // The first task sets a timer and stays busy past its due time: served between the tasks, it runs before the second.
  work.add('first', () => {
    setTimeout(() => order.push('timer'), 1)
    const until = Date.now() + 5
    while (Date.now() < until);
    order.push('first')
  })
  work.add('second', () => void order.push('second'))
  await work.begin()
  t.same(order, ['first', 'timer', 'second'])
})

t.test('an app built for injection begins it when ready; with startJobs: false it waits for the server to begin it', async (t) => {
  for (const startJobs of [true, false]) {
    const app = await build(t, { startJobs })
    let ran = 0
    app.background.add('probe', () => void ran++)
    await app.ready()
    t.equal(ran, startJobs ? 1 : 0, `startJobs: ${startJobs}`)
    if (!startJobs) {
      await app.background.begin()
      t.equal(ran, 1, 'begun by hand, as core/server.ts does once it listens')
    }
  }
})

t.test('stopped (the app closing), the tasks not begun never run, nor do tasks added later', async (t) => {
  const work = new BackgroundWork()
  const ran: string[] = []
  work.add('first', () => {
    ran.push('first')
    work.stop()
  })
  work.add('second', () => void ran.push('second'))
  await work.begin()
  work.add('late', () => void ran.push('late'))
  await new Promise((r) => setImmediate(r))
  t.same(ran, ['first'])
})

t.test('an app closed before its background work began never begins it (a stop signal right after a start)', async (t) => {
  const app = await build(t, { startJobs: false })
  let ran = 0
  app.background.add('sweep', () => void ran++)
  await app.ready()
  await app.close()
  await app.background.begin()
  t.equal(ran, 0)
})
