import fs from 'node:fs'
import path from 'node:path'

/**
 * The install's folder (package.json, .env, web/dist): config/ sits in it, or in its dist/ once the server is
 * compiled (`npm run build`), so both ways of running find the same files. A compiled dist/ has no package.json of
 * its own; a checkout that happens to be named dist has one.
 */
export const ROOT = ((above: string) => (path.basename(above) === 'dist' && !fs.existsSync(path.join(above, 'package.json')) ? path.dirname(above) : above))(path.resolve(import.meta.dirname, '..'))
