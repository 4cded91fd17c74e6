import t from 'tap'
import { memoryStore } from '../lib/storage.ts'
import { alertPlan, alertsEnabled, setAlertsEnabled } from './desktop-alerts.ts'

t.test('on screen: the chime only, whatever the switch', async (t) => {
  t.same(alertPlan('visible', true, 'granted'), { sound: true, system: false })
  t.same(alertPlan('visible', false, 'granted'), { sound: true, system: false })
})

t.test('hidden: notification and chime while the switch is on; the notification needs the permission', async (t) => {
  t.same(alertPlan('hidden', true, 'granted'), { sound: true, system: true })
  t.same(alertPlan('hidden', true, 'denied'), { sound: true, system: false })
  t.same(alertPlan('hidden', true, 'default'), { sound: true, system: false })
  t.same(alertPlan('hidden', true, 'unsupported'), { sound: true, system: false })
  t.same(alertPlan('hidden', false, 'granted'), { sound: false, system: false })
})

t.test('the switch is kept per user, on by default', async (t) => {
  const kv = memoryStore()
  t.equal(alertsEnabled(kv, 7), true)
  setAlertsEnabled(kv, 7, false)
  t.equal(alertsEnabled(kv, 7), false)
  t.equal(alertsEnabled(kv, 8), true, 'another user of the same browser keeps theirs')
  setAlertsEnabled(kv, 7, true)
  t.equal(alertsEnabled(kv, 7), true)
})
