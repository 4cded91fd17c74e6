// Filled by the plugin installer for npm-packaged plugins; committed empty. Do not edit by hand.
import type { WebModule } from './types.ts'

const modules: WebModule[] = []

export default modules
