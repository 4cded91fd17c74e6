import type { InboundStep } from './steps.ts'

/** Where a step without a numeric order and without neighbours goes: after every built-in. */
const DEFAULT_ORDER = 1000
/** How far a step placed by before/after sits from its anchor, below the built-ins' spacing of 100. */
const NEXT_TO = 0.5

/** The number a step sorts by: its order, or next to the steps it names. */
function rankOf(step: InboundStep, byName: Map<string, InboundStep>): number {
  if (step.order !== undefined) return step.order
  const orders = (names: string[] | undefined) => (names ?? []).map((n) => byName.get(n)?.order).filter((o): o is number => o !== undefined)
  const after = orders(step.after)
  if (after.length) return Math.max(...after) + NEXT_TO
  const before = orders(step.before)
  if (before.length) return Math.min(...before) - NEXT_TO
  return DEFAULT_ORDER
}

/**
 * The steps in running order: every before/after constraint between registered steps holds, and among the steps
 * free to go next the lowest rank goes first (ties keep registration order), so numeric orders alone behave as they
 * always did. A circle of constraints is refused with the names of the steps in it.
 */
export function orderSteps(steps: readonly InboundStep[]): InboundStep[] {
  const byName = new Map(steps.map((s) => [s.name, s]))
  const mustFollow = new Map<string, Set<string>>(steps.map((s) => [s.name, new Set<string>()]))
  for (const step of steps) {
    for (const name of step.after ?? []) if (byName.has(name)) mustFollow.get(step.name)!.add(name)
    for (const name of step.before ?? []) if (byName.has(name)) mustFollow.get(name)!.add(step.name)
  }
  const rank = new Map(steps.map((s, i) => [s.name, { value: rankOf(s, byName), index: i }]))
  const placed: InboundStep[] = []
  const done = new Set<string>()
  while (placed.length < steps.length) {
    const ready = steps.filter((s) => !done.has(s.name) && [...mustFollow.get(s.name)!].every((n) => done.has(n)))
    if (!ready.length) {
      const stuck = steps.filter((s) => !done.has(s.name)).map((s) => s.name)
      throw new Error(`inbound steps order themselves in a circle: ${stuck.join(', ')}`)
    }
    ready.sort((a, b) => rank.get(a.name)!.value - rank.get(b.name)!.value || rank.get(a.name)!.index - rank.get(b.name)!.index)
    placed.push(ready[0])
    done.add(ready[0].name)
  }
  return placed
}
