/**
 * What plugin web modules get when they import core/plugin-api in the browser: the vite config points that import
 * here, so the server code behind the real module never enters the bundle.
 */
import type { WebModule } from './types.ts'

export type * from '../../../core/plugin-api/types.ts'

export function defineWebModule(module: WebModule): WebModule {
  return module
}
