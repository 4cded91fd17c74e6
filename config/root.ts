import path from 'node:path'

/**
 * The install's folder (package.json, .env, web/dist): config/ sits in it, or in its dist/ once the server is
 * compiled (`npm run build`), so both ways of running find the same files.
 */
export const ROOT = ((above: string) => (path.basename(above) === 'dist' ? path.dirname(above) : above))(path.resolve(import.meta.dirname, '..'))
