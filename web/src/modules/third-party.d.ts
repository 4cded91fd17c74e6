declare module 'virtual:zapdesk-third-party-modules' {
  import type { WebModule } from './types.ts'
  /** The web modules of the third-party plugins named in ZAPDESK_PLUGINS (see web/third-party-modules.ts). */
  const modules: WebModule[]
  export default modules
}
