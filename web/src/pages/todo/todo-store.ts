import { STORAGE_KEYS, readJson, writeJson, type KeyValueStore, store } from '../../lib/storage.ts'

export interface Task {
  id: string
  text: string
  createdAt: string
  updatedAt: string
}

/** Tasks live only in this browser (spec), under the `tasks` key. Older entries without an id get one. */
export function loadTasks(kv: KeyValueStore = store): Task[] {
  const raw = readJson<unknown>(STORAGE_KEYS.tasks, [], kv)
  if (!Array.isArray(raw)) return []
  return raw
    .filter((x): x is Partial<Task> & { text: string } => !!x && typeof (x as Task).text === 'string')
    .map((x, i) => ({
      id: x.id ?? `${x.createdAt ?? 'task'}-${i}`,
      text: x.text,
      createdAt: x.createdAt ?? new Date(0).toISOString(),
      updatedAt: x.updatedAt ?? x.createdAt ?? new Date(0).toISOString(),
    }))
}

export const saveTasks = (tasks: Task[], kv: KeyValueStore = store): void => writeJson(STORAGE_KEYS.tasks, tasks, kv)

const newId = () => (globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`)

/** Adds a task on top; blank text (after trimming) changes nothing. */
export function addTask(tasks: Task[], text: string, now = new Date()): Task[] {
  const clean = text.trim()
  if (!clean) return tasks
  const at = now.toISOString()
  return [{ id: newId(), text: clean, createdAt: at, updatedAt: at }, ...tasks]
}

export function editTask(tasks: Task[], id: string, text: string, now = new Date()): Task[] {
  const clean = text.trim()
  if (!clean) return tasks
  return tasks.map((t) => (t.id === id && t.text !== clean ? { ...t, text: clean, updatedAt: now.toISOString() } : t))
}

export const deleteTask = (tasks: Task[], id: string): Task[] => tasks.filter((t) => t.id !== id)
