/** The spec: text plus sixteen Brazilian Portuguese neural voices (Azure speech names). */
export const TEXT_VOICE = 'texto'
export const NEURAL_VOICES = [
  'pt-BR-FranciscaNeural', 'pt-BR-AntonioNeural', 'pt-BR-BrendaNeural', 'pt-BR-DonatoNeural', 'pt-BR-ElzaNeural',
  'pt-BR-FabioNeural', 'pt-BR-GiovannaNeural', 'pt-BR-HumbertoNeural', 'pt-BR-JulioNeural', 'pt-BR-LeilaNeural',
  'pt-BR-LeticiaNeural', 'pt-BR-ManuelaNeural', 'pt-BR-NicolauNeural', 'pt-BR-ThalitaNeural', 'pt-BR-ValerioNeural',
  'pt-BR-YaraNeural',
] as const
export const VOICES: readonly string[] = [TEXT_VOICE, ...NEURAL_VOICES]
