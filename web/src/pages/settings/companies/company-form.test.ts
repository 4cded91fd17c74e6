import t from 'tap'
import { companyPayload, companyToForm, emptyCompany, validateCompany } from './company-form.ts'

t.test('company form rules and payload', async (t) => {
  t.same(validateCompany(emptyCompany), { name: 'validation.required', email: 'validation.required', planId: 'validation.required' })
  const v = { ...emptyCompany, name: 'Acme', email: 'a@acme.com', planId: '2', phone: '(11) 91234-5678', dueDate: 'bad' }
  t.same(validateCompany(v), {})
  t.same(companyPayload(v), { name: 'Acme', email: 'a@acme.com', phone: '11912345678', planId: 2, status: true, campaignsEnabled: true, dueDate: null, trialExpiration: null, timezone: 'America/Sao_Paulo', recurrence: 'MENSAL', billingName: null, addressZipCode: null, addressStreet: null, addressDistrict: null, addressCity: null, addressState: null })
  t.equal(companyPayload({ ...v, dueDate: '2025-05-01' }).dueDate, '2025-05-01')
  const back = companyToForm({ id: 1, name: 'Acme', email: 'a@acme.com', phone: '1', planId: 3, status: false, dueDate: '2025-05-01T00:00:00.000Z', recurrence: 'ANUAL', campaignsEnabled: false, createdAt: '' })
  t.equal(back.dueDate, '2025-05-01')
  t.equal(back.planId, '3')
  t.equal(back.status, false)
})

t.test('the trial end, billing name and address go trimmed, empty ones as null, and come back into the form', async (t) => {
  const payload = companyPayload({ ...emptyCompany, name: 'Acme', email: 'a@acme.com', planId: '2', trialExpiration: '2027-01-31', billingName: ' Acme LTDA ', addressCity: 'Recife', addressState: '' })
  t.match(payload, { trialExpiration: '2027-01-31', billingName: 'Acme LTDA', addressCity: 'Recife', addressState: null, addressStreet: null })
  const back = companyToForm({ id: 1, name: 'Acme', email: 'a@acme.com', phone: '1', planId: 3, status: true, dueDate: null, trialExpiration: '2027-01-31', billingName: 'Acme LTDA', addressCity: null, recurrence: 'MENSAL', campaignsEnabled: true, createdAt: '' })
  t.match(back, { trialExpiration: '2027-01-31', billingName: 'Acme LTDA', addressCity: '' })
})
