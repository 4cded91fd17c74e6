import { botOptionsFrom, type BotOptions } from './options.ts'

/** `app.promptBot`: the answering bot's settings (see options.ts); tests shorten the timeout or lower the limits. */
export class PromptBot {
  readonly options: BotOptions = botOptionsFrom(process.env)
}
