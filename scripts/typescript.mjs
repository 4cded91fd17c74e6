// `node --import ./scripts/typescript.mjs file.ts`: runs our TypeScript without a build step (tests, npm start, the
// benchmarks). It replaces tsx there: tsx's resolver costs about 1.5 s per process to load the app (about 2 s
// instead of 0.5), paid by each of the suite's ~500 test processes; our imports name their files, so only the
// compile is needed (scripts/typescript-hooks.mjs).
import { register } from 'node:module'

register('./typescript-hooks.mjs', import.meta.url)
process.setSourceMapsEnabled(true)
