import t from 'tap'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { checkPluginConformance } from './conformance.ts'
import { checkWebTranslations } from './web-translations.ts'
import { HELLO_PLUGIN } from './fixtures/third-party/paths.ts'
import { PLUGINS_DIR } from '../loader/discover.ts'
import type { PluginManifest, WebModule } from '../plugin-api/types.ts'

t.test('the kit passes a conforming third-party plugin and reports its figures', async (t) => {
  const report = await checkPluginConformance(t, { plugin: HELLO_PLUGIN })
  t.equal(report.name, 'hello')
  t.ok(report.routes >= 2, `${report.routes} routes checked`)
  t.ok(report.isolationAttempts > 0, 'cross-tenant attempts were made')
  t.equal(report.isolationSuccesses, 0)
  t.ok(report.hostileInputs > 0, 'hostile inputs were tried')
  t.equal(report.serverErrors, 0)
})

t.test('every bundled web module has its keys, and the texts of its plugin\'s error codes, in pt, en and es', async (t) => {
  for (const name of fs.readdirSync(PLUGINS_DIR)) {
    const web = path.join(PLUGINS_DIR, name, 'web/index.ts')
    if (!fs.existsSync(web)) continue
    const module = (await import(pathToFileURL(web).href)).default as WebModule
    const manifest = (await import(pathToFileURL(path.join(PLUGINS_DIR, name, 'plugin.ts')).href)).default as PluginManifest
    t.strictSame(await checkWebTranslations(module, path.dirname(web), manifest.errorCodes), [], `${name}: complete`)
  }
})

t.test('a declared error code without its text is reported', async (t) => {
  const module: WebModule = {
    name: 'gadget', routes: [],
    translations: { pt: async () => ({ default: { errors: { ERR_GADGET: 'x' } } }), en: async () => ({ default: { errors: { ERR_GADGET: 'x' } } }), es: async () => ({ default: { errors: { ERR_GADGET: 'x' } } }) },
  }
  t.strictSame(await checkWebTranslations(module, t.testdir({}), ['ERR_GADGET', 'ERR_GADGET_MISSING']), ['pt: gadget:errors.ERR_GADGET_MISSING', 'en: gadget:errors.ERR_GADGET_MISSING', 'es: gadget:errors.ERR_GADGET_MISSING'])
})

t.test('a plural form one language lacks is reported', async (t) => {
  const count = { count_zero: '0', count_one: '1', count_other: 'n' }
  const module: WebModule = {
    name: 'gadget',
    routes: [],
    translations: {
      pt: async () => ({ default: count }),
      en: async () => ({ default: { count_one: '1', count_other: 'n' } }),
      es: async () => ({ default: { ...count, count_many: 'n' } }),
    },
  }
  t.strictSame(await checkWebTranslations(module, t.testdir({})), ['en: gadget:count_zero (0 reads as singular in Portuguese)', 'pt: gadget:count_many', 'en: gadget:count_many'])
})

t.test('a key missing in one language, or used but never defined, is reported', async (t) => {
  const dir = t.testdir({ 'Page.tsx': "const { t } = useTranslation('gadget')\nt('title'); t('gadget:subtitle'); t('common:save')\n" })
  const module: WebModule = {
    name: 'gadget',
    routes: [],
    translations: {
      pt: async () => ({ default: { title: 'Título', extra: { deep: 'x' } } }),
      en: async () => ({ default: { title: 'Title' } }),
      es: async () => ({ default: { title: 'Título', extra: { deep: 'x' } } }),
    },
  }
  t.strictSame(await checkWebTranslations(module, dir), [
    'pt: gadget:subtitle', 'en: gadget:extra.deep', 'en: gadget:subtitle', 'es: gadget:subtitle',
  ])
})
