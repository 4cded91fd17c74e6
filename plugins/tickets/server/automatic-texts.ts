/** The language of the texts the platform itself writes to contacts: the company's `language` setting. */
export type TextLanguage = 'pt' | 'en' | 'es'

interface Texts {
  /** Sent when an agent accepts a ticket (sendGreetingAccepted): the agent introduces themself. */
  acceptedGreeting: (agent: string) => string
  transferredToAgent: (agent: string) => string
  transferredToQueue: (queue: string) => string
  /** The spec's rating scale (1 to 3), appended to the connection's rating message. */
  ratingScale: string
  /** When the admin left the out-of-hours message empty: the contact still hears why nobody answers. */
  outOfHours: string
  callsDisabled: string
}

const TEXTS: Record<TextLanguage, Texts> = {
  pt: {
    acceptedGreeting: (agent) => `Olá, {{firstName}}! Aqui é *${agent}*, vou cuidar do seu atendimento a partir de agora.`,
    transferredToAgent: (agent) => `*Mensagem automática*:\nFoi transferido para o atendente *${agent}*\naguarde, já vamos te atender!`,
    transferredToQueue: (queue) => `*Mensagem automática*:\nVocê foi transferido para o departamento *${queue}*\naguarde, já vamos te atender!`,
    ratingScale: 'Digite de 1 à 3 para qualificar nosso atendimento:\n*1* - _Insatisfeito_\n*2* - _Satisfeito_\n*3* - _Muito Satisfeito_',
    outOfHours: 'Estamos fora do horário de atendimento no momento. Deixe sua mensagem: responderemos assim que voltarmos.',
    callsDisabled: 'As chamadas de voz e vídeo estão desabilitadas para este WhatsApp, por favor, envie uma mensagem de texto.',
  },
  en: {
    acceptedGreeting: (agent) => `Hi, {{firstName}}! This is *${agent}*; I will take care of your request from now on.`,
    transferredToAgent: (agent) => `*Automatic message*:\nYou were transferred to the agent *${agent}*\nplease wait, we will be with you shortly!`,
    transferredToQueue: (queue) => `*Automatic message*:\nYou were transferred to the *${queue}* department\nplease wait, we will be with you shortly!`,
    ratingScale: 'Type 1 to 3 to rate our service:\n*1* - _Unsatisfied_\n*2* - _Satisfied_\n*3* - _Very satisfied_',
    outOfHours: 'We are outside our opening hours right now. Leave your message: we will answer as soon as we are back.',
    callsDisabled: 'Voice and video calls are turned off for this WhatsApp; please send a text message.',
  },
  es: {
    acceptedGreeting: (agent) => `¡Hola, {{firstName}}! Soy *${agent}* y me encargaré de su atención a partir de ahora.`,
    transferredToAgent: (agent) => `*Mensaje automático*:\nFue transferido al agente *${agent}*\n¡espere, ya lo atenderemos!`,
    transferredToQueue: (queue) => `*Mensaje automático*:\nFue transferido al departamento *${queue}*\n¡espere, ya lo atenderemos!`,
    ratingScale: 'Escriba de 1 a 3 para calificar nuestra atención:\n*1* - _Insatisfecho_\n*2* - _Satisfecho_\n*3* - _Muy satisfecho_',
    outOfHours: 'Estamos fuera del horario de atención en este momento. Deje su mensaje: responderemos en cuanto volvamos.',
    callsDisabled: 'Las llamadas de voz y video están deshabilitadas para este WhatsApp; por favor, envíe un mensaje de texto.',
  },
}

/** The platform's texts in the company's language (its `language` setting; Portuguese when unset or unknown). */
export function automaticTextsIn(settings: Readonly<Record<string, string>>): Texts {
  const language = settings.language as TextLanguage
  return TEXTS[language] ?? TEXTS.pt
}
