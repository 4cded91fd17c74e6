import t from 'tap'
import { precacheList, swRoute } from './sw-routes.ts'

const origin = 'https://app.example.com'
const files = new Set(['/manifest.webmanifest', '/icons/icon-192.png'])
const route = (path: string, mode = 'no-cors', method = 'GET', at = origin) => swRoute(method, new URL(path, at), origin, mode, files)

t.test('the API is never answered by the worker, whatever the request', async (t) => {
  t.equal(route('/api/tickets'), 'pass')
  t.equal(route('/api'), 'pass')
  t.equal(route('/api/ws?token=x'), 'pass')
  t.equal(route('/api/public/1/photo.jpg'), 'pass')
  t.equal(route('/api/tickets', 'navigate'), 'pass', 'not even a navigation to an API address (a download link)')
  t.equal(route('/api/tickets', 'cors', 'POST'), 'pass')
})

t.test('navigations get the shell, build files the cache, the rest passes', async (t) => {
  t.equal(route('/tickets/abc', 'navigate'), 'shell')
  t.equal(route('/', 'navigate'), 'shell')
  t.equal(route('/assets/index-abc123.js'), 'build')
  t.equal(route('/manifest.webmanifest'), 'build')
  t.equal(route('/icons/icon-192.png'), 'build')
  t.equal(route('/favicon.ico'), 'pass', 'not a build file')
  t.equal(route('/assets/x.js', 'no-cors', 'GET', 'https://cdn.example.com'), 'pass', 'another origin')
  t.equal(route('/tickets', 'navigate', 'POST'), 'pass', 'only GET')
  t.equal(route('/apiary', 'navigate'), 'shell', 'a page whose name starts with api is a page')
})

t.test('the precache list leaves out maps, the shell and the worker', async (t) => {
  t.same(precacheList(['sw.js', 'index.html', 'assets/b.js', 'assets/b.js.map', 'assets/a.css', 'icons/i.png', '.vite/manifest.json']),
    ['/assets/a.css', '/assets/b.js', '/icons/i.png'])
  const fonts = ['assets/blueprint-icons-16-BquMfDVO.svg', 'assets/blueprint-icons-16-C7xVMXAN.ttf', 'assets/blueprint-icons-16-CHvfgtsO.woff',
    'assets/blueprint-icons-16-D55Dw6Gs.eot', 'assets/blueprint-icons-16-kcB9TJr_.woff2', 'assets/logo-Ab12Cd34.svg', 'assets/only-Ab12Cd34.ttf', 'favicon.svg']
  t.same(precacheList(fonts), ['/assets/blueprint-icons-16-kcB9TJr_.woff2', '/assets/logo-Ab12Cd34.svg', '/assets/only-Ab12Cd34.ttf', '/favicon.svg'],
    'a font kept as woff2 only; an image and a font without a woff2 kept')
})
