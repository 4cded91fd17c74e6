import t from 'tap'
import pt from './locales/pt.json' with { type: 'json' }
import { curlMedia, curlText, endpointOf } from './examples.ts'

t.test('translations: the spec\'s success text', async (t) => {
  t.equal(pt.sent, 'Mensagem enviada com sucesso')
})

t.test('the curl examples name the company\'s own address and run as pasted in a shell', async (t) => {
  t.equal(endpointOf('https://atende.example.com/'), 'https://atende.example.com/api/messages/send')
  const text = curlText('https://atende.example.com', 'SEU_TOKEN', '5511999990000', 'It\'s "here"')
  t.match(text, /^curl -X POST 'https:\/\/atende\.example\.com\/api\/messages\/send' \\\n/)
  t.match(text, /-H 'Authorization: Bearer SEU_TOKEN'/)
  t.match(text, /-d '\{"number":"5511999990000","body":"It'\\''s \\"here\\""\}'$/, 'a quote in the text is escaped for the shell')
  const media = curlMedia('http://localhost:3000', 'T', '5511999990000', 'boleto.pdf')
  t.match(media, /-F 'number=5511999990000' \\\n  -F 'medias=@boleto\.pdf'$/)
})
