// `node --import ./scripts/typescript.mjs file.ts`: runs our TypeScript without a build step (tests, npm start, the
// benchmarks). It replaced tsx there: our imports name their files, so only the compile is needed
// (scripts/typescript-hooks.mjs), and a test process costs about 14% less CPU without tsx's resolver (5 runs of
// plugins/tags/server/sync.test.ts: 16.8 vs 19.7 CPU-s), paid by each of CI's ~500 test processes.
import { register } from 'node:module'

register('./typescript-hooks.mjs', import.meta.url)
process.setSourceMapsEnabled(true)
