import t from 'tap'
import { addTask, editTask, deleteTask, loadTasks, saveTasks } from './todo-store.ts'
import { memoryStore } from '../../lib/storage.ts'

t.test('tasks: add, edit, delete, persist', async (t) => {
  const kv = memoryStore()
  t.same(loadTasks(kv), [])
  let tasks = addTask([], '  call Ana  ', new Date('2025-01-01T10:00:00Z'))
  t.equal(tasks[0].text, 'call Ana')
  t.equal(addTask(tasks, '   '), tasks, 'blank text is refused')
  tasks = addTask(tasks, 'second')
  t.equal(tasks[0].text, 'second', 'newest on top')
  const id = tasks[1].id
  tasks = editTask(tasks, id, 'call Ana back', new Date('2025-01-02T10:00:00Z'))
  t.equal(tasks[1].text, 'call Ana back')
  t.equal(tasks[1].updatedAt, '2025-01-02T10:00:00.000Z')
  t.equal(tasks[1].createdAt, '2025-01-01T10:00:00.000Z')
  t.equal(editTask(tasks, id, ' ')[1].text, 'call Ana back')
  saveTasks(tasks, kv)
  t.same(loadTasks(kv), tasks)
  t.equal(deleteTask(tasks, id).length, 1)
})

t.test('tolerates foreign or broken data', async (t) => {
  t.same(loadTasks(memoryStore({ tasks: 'nope' })), [])
  t.same(loadTasks(memoryStore({ tasks: '{"a":1}' })), [])
  const legacy = loadTasks(memoryStore({ tasks: JSON.stringify([{ text: 'old', createdAt: '2024-01-01T00:00:00.000Z' }, null, 5]) }))
  t.equal(legacy.length, 1)
  t.equal(legacy[0].updatedAt, '2024-01-01T00:00:00.000Z')
  t.ok(legacy[0].id)
})
