import t from 'tap'
import { startServer, type RunningServer } from './lib/server.ts'
import { openBrowser, step, waitForToast, type BrowserSession } from './lib/browser.ts'
import { apiCall, signIn } from './lib/session.ts'

t.setTimeout(400_000)

// One company, three people: the owner (its admin) and Bruno chat; Carla works there too but is not in the chat.
const stamp = Date.now()
const company = { name: 'Padaria Trigo', email: `trigo-chat-${stamp}@example.com`, phone: '', password: 'trigo-pass-1', planId: 2, recurrence: 'MENSAL', dueDate: '2099-01-01', status: true, campaignsEnabled: true }
const bruno = { name: 'Bruno Padeiro', email: `bruno-chat-${stamp}@example.com`, password: 'bruno-pass-1' }
const carla = { name: 'Carla Caixa', email: `carla-chat-${stamp}@example.com`, password: 'carla-pass-1' }

let server: RunningServer
let owner: BrowserSession
let member: BrowserSession
let outsider: BrowserSession
let token = ''
let brunoToken = ''
let uuid = ''

t.before(async () => {
  server = await startServer()
  ;[owner, member, outsider] = await Promise.all([openBrowser(), openBrowser(), openBrowser()])
})

t.teardown(async () => {
  await Promise.all([owner, member, outsider].map((b) => b?.close()))
  await server?.stop()
})

const api = <T>(method: string, path: string, body?: unknown, as = token): Promise<T> => apiCall<T>(server.url, method, path, body, as)
// Carla asking for a chat she is not in is answered 404: the browser logs it, and it is the point.
const unexpected = (errors: string[]) => errors.filter((e) => !/Failed to load resource: .*status of 404\b/.test(e))
const overflow = (b: BrowserSession) => b.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
const pane = (b: BrowserSession) => b.page.locator('[data-testid=chat-messages]')
const row = (b: BrowserSession, title: string) => b.page.locator('[data-testid=chat-row]', { hasText: title })

t.test('three users of one company sign in; the chat entry follows tags in the menu', async (t) => {
  await api('POST', '/companies/cadastro', company)
  await step(owner, 'owner-login', async () => {
    token = await signIn(owner.page, server.url, company.email, company.password)
  })
  await api('POST', '/users', { ...bruno, profile: 'user' })
  await api('POST', '/users', { ...carla, profile: 'user' })
  brunoToken = await step(member, 'member-login', () => signIn(member.page, server.url, bruno.email, bruno.password))
  await step(outsider, 'outsider-login', () => signIn(outsider.page, server.url, carla.email, carla.password))
  const menu = await owner.page.locator('.zd-sidebar [data-menu-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-id')))
  t.ok(menu.includes('chats'), `the menu has the chat (${menu.join(', ')})`)
  t.ok(menu.indexOf('chats') > menu.indexOf('tags') && menu.indexOf('tags') >= 0, 'after tags, as core.md orders them')
})

t.test('the owner starts a conversation: the dialog\'s alerts, then Bruno picked', async (t) => {
  const { page } = owner
  await step(owner, 'empty', async () => {
    await page.click('.zd-sidebar [data-menu-id=chats]')
    await page.waitForURL('**/chats')
    await page.getByText('Nenhuma conversa ainda.').waitFor()
  })
  await step(owner, 'dialog-alerts', async () => {
    await page.click('[data-testid=chat-new]')
    await page.click('[data-testid=chat-save]')
    await page.locator('.zd-dialog').getByText('Por favor, preencha o título da conversa.').waitFor()
    await page.locator('.zd-dialog').getByText('Por favor, selecione pelo menos um usuário.').waitFor()
  })
  await step(owner, 'dialog-save', async () => {
    await page.fill('#chat-title', 'Plantão de sábado')
    await page.fill('#chat-users-filter', 'bru')
    t.equal(await page.locator('[data-testid=chat-users] .bp6-control').count(), 1, 'the filter narrows the users')
    await page.locator('[data-testid=chat-users]').getByText(bruno.name).click()
    await owner.screenshot('chats-dialog')
    await page.click('[data-testid=chat-save]')
    await waitForToast(page, 'Conversa salva com sucesso!')
    await page.waitForURL(/\/chats\/[0-9a-f-]{36}$/)
    await page.locator('[data-testid=chat-title]', { hasText: 'Plantão de sábado' }).waitFor()
  })
  uuid = new URL(page.url()).pathname.split('/').pop()!
  t.ok(await row(owner, 'Plantão de sábado').locator('[data-testid=chat-edit]').count(), 'the owner has the edit icon')
  t.ok(await row(owner, 'Plantão de sábado').locator('[data-testid=chat-delete]').count(), 'and the delete icon')
})

t.test('live: Bruno sees the chat appear, the unread badge and the top-bar popover; the owner sees the reply', async (t) => {
  await member.page.goto(`${server.url}/chats`)
  await step(member, 'member-sees-chat', () => row(member, 'Plantão de sábado').waitFor())
  t.equal(await row(member, 'Plantão de sábado').locator('[data-testid=chat-edit], [data-testid=chat-delete]').count(), 0, 'a member who is not the owner has no edit or delete')
  await step(owner, 'owner-sends', async () => {
    await owner.page.fill('[data-testid=chat-input]', 'Bom dia, Bruno! Pode abrir a loja às 7h?')
    await owner.page.keyboard.press('Enter')
    await pane(owner).getByText('Bom dia, Bruno! Pode abrir a loja às 7h?').waitFor()
    t.equal(await owner.page.inputValue('[data-testid=chat-input]'), '', 'Enter sent it and cleared the box')
  })
  await step(member, 'member-badge', async () => {
    await row(member, 'Plantão de sábado').locator('[data-testid=chat-unread]', { hasText: '1' }).waitFor()
    t.equal(await row(member, 'Plantão de sábado').locator('.zd-chats-row__last').innerText(), 'Bom dia, Bruno! Pode abrir a loja às 7h?', 'the row shows the last message')
    await member.page.locator('[data-testid=chats-topbar-badge]', { hasText: '1' }).waitFor()
    await member.page.click('[data-testid=chats-topbar]')
    await member.page.locator('[data-testid=chats-popover-item]', { hasText: 'Plantão de sábado' }).waitFor()
    await member.page.waitForTimeout(400) // the popover's opening animation, for the screenshot
    await member.screenshot('chats-topbar-popover')
    await member.page.click('[data-testid=chats-popover-item]')
    await member.page.waitForURL(`**/chats/${uuid}`)
    await pane(member).getByText('Bom dia, Bruno! Pode abrir a loja às 7h?').waitFor()
    await member.page.locator('[data-testid=chats-topbar-badge]').waitFor({ state: 'detached' })
    await row(member, 'Plantão de sábado').locator('[data-testid=chat-unread]').waitFor({ state: 'detached' })
  })
  const sender = await pane(member).locator('[data-testid=chat-message]').first().locator('.zd-chats-msg__sender').innerText()
  t.not(sender, 'Você', `Bruno sees the sender's name (${sender})`)
  await step(member, 'member-replies', async () => {
    await member.page.fill('[data-testid=chat-input]', 'Bom dia! Posso sim.')
    await member.page.click('[data-testid=chat-send]')
    await pane(owner).getByText('Bom dia! Posso sim.').waitFor()
  })
  t.equal(await pane(member).locator('.zd-chats-msg.is-me').last().locator('.zd-chats-msg__sender').innerText(), 'Você')
  await owner.screenshot('chats-owner-conversation')
  await member.screenshot('chats-member-conversation')
})

t.test('Carla, of the same company but not in the chat, sees nothing of it', async (t) => {
  const { page } = outsider
  await step(outsider, 'outsider-list', async () => {
    await page.goto(`${server.url}/chats`)
    await page.getByText('Nenhuma conversa ainda.').waitFor()
  })
  await api('POST', `/chats/${uuid}/messages`, { message: 'Mensagem só para a equipe do plantão' }, brunoToken)
  await pane(owner).getByText('Mensagem só para a equipe do plantão').waitFor()
  await page.waitForTimeout(500)
  t.equal(await page.locator('[data-testid=chat-row]').count(), 0, 'no row appeared live')
  t.equal(await page.locator('[data-testid=chats-topbar-badge]').count(), 0, 'no unread badge')
  await step(outsider, 'outsider-direct-link', async () => {
    await page.goto(`${server.url}/chats/${uuid}`)
    await waitForToast(page, 'Conversa não encontrada.')
    await page.waitForURL((u) => u.pathname === '/chats')
  })
  t.equal(await page.getByText('Mensagem só para a equipe do plantão').count(), 0, 'not a word of it')
  await outsider.screenshot('chats-outsider')
})

t.test('older messages load when the pane is scrolled toward the top', async (t) => {
  for (let i = 1; i <= 60; i++) await api('POST', `/chats/${uuid}/messages`, { message: `Histórico ${String(i).padStart(2, '0')}` }, brunoToken)
  const { page } = owner
  await page.goto(`${server.url}/chats/${uuid}`)
  await step(owner, 'newest-at-bottom', () => pane(owner).getByText('Histórico 60').waitFor())
  const shown = await pane(owner).locator('[data-testid=chat-message]').count()
  t.ok(shown < 63, `not every message at once (${shown})`)
  t.equal(await pane(owner).getByText('Bom dia, Bruno! Pode abrir a loja às 7h?').count(), 0, 'the first messages are not loaded yet')
  const atBottom = await pane(owner).evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)
  t.ok(atBottom < 5, 'the pane starts at the newest message')
  await step(owner, 'scroll-up', async () => {
    for (let i = 0; i < 10 && !(await pane(owner).getByText('Bom dia, Bruno! Pode abrir a loja às 7h?').count()); i++) {
      await pane(owner).evaluate((el) => el.scrollTo({ top: 0 }))
      await page.waitForTimeout(400)
    }
    await pane(owner).getByText('Bom dia, Bruno! Pode abrir a loja às 7h?').waitFor()
  })
  t.equal(await pane(owner).locator('[data-testid=chat-message]').count(), 63, 'every message once, in order')
  const texts = await pane(owner).locator('.zd-chats-msg__text').allInnerTexts()
  t.same(texts.slice(0, 3), ['Bom dia, Bruno! Pode abrir a loja às 7h?', 'Bom dia! Posso sim.', 'Mensagem só para a equipe do plantão'])
  t.equal(texts.at(-1), 'Histórico 60')
})

t.test('the owner renames it (Bruno\'s header follows live), then deletes it after confirming', async (t) => {
  await member.page.goto(`${server.url}/chats/${uuid}`)
  await pane(member).getByText('Histórico 60').waitFor()
  const { page } = owner
  await step(owner, 'rename', async () => {
    await row(owner, 'Plantão de sábado').locator('[data-testid=chat-edit]').click()
    await page.fill('#chat-title', 'Plantão de domingo')
    await page.click('[data-testid=chat-save]')
    await waitForToast(page, 'Conversa salva com sucesso!')
  })
  await step(member, 'member-header', () => member.page.locator('[data-testid=chat-title]', { hasText: 'Plantão de domingo' }).waitFor())
  await step(owner, 'delete', async () => {
    await row(owner, 'Plantão de domingo').locator('[data-testid=chat-delete]').click()
    await page.getByText('Excluir a conversa Plantão de domingo?').waitFor()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click()
    await waitForToast(page, 'Conversa excluída com sucesso!')
    await page.getByText('Nenhuma conversa ainda.').waitFor()
  })
  await step(member, 'member-sent-back', async () => {
    await waitForToast(member.page, 'Esta conversa foi excluída ou você não participa mais dela.')
    await member.page.waitForURL((u) => u.pathname === '/chats')
  })
})

t.test('at 390 px in pt, en and es: the Chats and Messages tabs, nothing wider than the screen', async (t) => {
  const chat = await api<{ uuid: string }>('POST', '/chats', { title: 'Equipe da manhã', users: [{ id: (await api<{ id: number }>('GET', '/auth/me', undefined, brunoToken)).id }] })
  await api('POST', `/chats/${chat.uuid}/messages`, { message: 'Bom dia, equipe!' })
  const { page } = member
  await page.setViewportSize({ width: 390, height: 780 })
  const texts = { pt: ['Conversas', 'Mensagens', 'Digite uma mensagem'], en: ['Chats', 'Messages', 'Type a message'], es: ['Chats', 'Mensajes', 'Escribe un mensaje'] }
  for (const [lng, [chats, messages, placeholder]] of Object.entries(texts)) {
    await page.evaluate((l) => localStorage.setItem('language', l), lng)
    await step(member, `phone-${lng}`, async () => {
      await page.goto(`${server.url}/chats`)
      await page.locator('[data-testid=chats-tab-list]', { hasText: chats }).waitFor()
      await page.locator('[data-testid=chats-tab-messages]', { hasText: messages }).waitFor()
      await row(member, 'Equipe da manhã').waitFor()
      t.ok(await overflow(member) <= 0, `${lng}: the list fits 390 px`)
      await member.screenshot(`chats-phone-list-${lng}`)
      await row(member, 'Equipe da manhã').locator('.zd-chats-row__open').click()
      await page.waitForURL(`**/chats/${chat.uuid}`)
      await pane(member).getByText('Bom dia, equipe!').waitFor()
      await page.getByPlaceholder(placeholder).waitFor()
      t.ok(await overflow(member) <= 0, `${lng}: the conversation fits 390 px`)
      await member.screenshot(`chats-phone-messages-${lng}`)
      await page.click('[data-testid=chats-tab-list]')
      await row(member, 'Equipe da manhã').waitFor()
    })
  }
  await page.evaluate(() => localStorage.setItem('language', 'pt'))
})

t.test('no console errors along the way', async (t) => {
  t.same(unexpected(owner.errors), [], 'owner')
  t.same(unexpected(member.errors), [], 'member')
  t.same(unexpected(outsider.errors), [], 'outsider')
})
