/**
 * The spec's plan-change price: a plan dearer than the current invoice costs its value divided by 30 for each whole
 * day left until the due date; otherwise the plan's value. BRL, rounded to cents.
 */
export function planChangePrice(newPlanValue: number, invoiceValue: number, today: string, dueDate: string | null): number {
  if (newPlanValue <= invoiceValue || !dueDate) return round(newPlanValue)
  const days = Math.max(0, Math.floor((Date.parse(`${dueDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000))
  return round((newPlanValue / 30) * days)
}

export const round = (value: number): number => Math.round(value * 100) / 100
