import t from 'tap'
import { hostList, privateTargetAllowed } from './allow-list.ts'

t.test('private targets: all when the install allows them, else only hosts on the operator list (name or name:port)', async (t) => {
  const on = { outboundAllowPrivate: true }
  const off = { outboundAllowPrivate: false }
  const hosts = hostList(' n8n.lan , 10.0.0.5:5678,,[::1]:8080 ')
  t.same(hosts, ['n8n.lan', '10.0.0.5:5678', '[::1]:8080'])
  t.ok(privateTargetAllowed(on, 'http://127.0.0.1/x', []))
  t.notOk(privateTargetAllowed(off, 'http://127.0.0.1/x', []))
  t.ok(privateTargetAllowed(off, 'http://N8N.lan/hook', hosts), 'a listed name, any port')
  t.ok(privateTargetAllowed(off, 'http://10.0.0.5:5678/hook', hosts))
  t.notOk(privateTargetAllowed(off, 'http://10.0.0.5:80/hook', hosts), 'a listed host:port, not another port')
  t.notOk(privateTargetAllowed(off, 'not a url', hosts))
})
