import common from './common.ts'
import auth from './auth.ts'
import shell from './shell.ts'
import pages from './pages.ts'
import settings from './settings.ts'
import errors from './errors.ts'
import pwa from './pwa.ts'

export default { ...common, ...auth, ...shell, ...pages, ...settings, ...pwa, errors }
