import t from 'tap'
import type { Test } from 'tap'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { MediaStorage } from './media-storage.ts'
import { LocalDriver } from './local-driver.ts'
import { S3Driver } from './s3-driver.ts'
import { startFakeS3, type FakeS3 } from '../testing/fake-s3.ts'

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(5000, 7)])

async function text(stream: Readable | null): Promise<string | null> {
  if (!stream) return null
  let out = ''
  for await (const chunk of stream) out += String(chunk)
  return out
}

/** The same promises from every driver: what plugins rely on through app.storage. */
function contract(label: string, open: (t: Test) => Promise<MediaStorage>) {
  t.test(`${label}: save, read, stat, ranges, list and remove, per company and visibility`, async (t) => {
    const storage = await open(t)
    const name = await storage.save(1, PNG, 'Foto Da Loja.PNG')
    t.match(name, /^[0-9a-f-]{36}\.png$/)
    t.same(await storage.stat(1, name), { size: PNG.length, type: 'image/png' })
    t.same(await storage.readBuffer(1, name), PNG)
    const slice = await storage.read(1, name, 'private', { start: 2, end: 9 })
    t.same(Buffer.concat(await slice!.toArray()), PNG.subarray(2, 10), 'a range reads only its bytes')
    const tail = await storage.read(1, name, 'private', { start: PNG.length - 3, end: PNG.length - 1 })
    t.same(Buffer.concat(await tail!.toArray()), PNG.subarray(PNG.length - 3))

    const streamed = await storage.save(1, Readable.from([Buffer.from('olá '), Buffer.from('mundo')]), 'nota.txt')
    t.equal(await text(await storage.read(1, streamed)), 'olá mundo', 'a stream is stored whole')
    t.same(await storage.stat(1, streamed), { size: Buffer.byteLength('olá mundo'), type: 'text/plain' })
    const pub = await storage.save(1, Buffer.from('banner'), 'banner.webp', 'public')

    t.equal(await storage.stat(2, name), null, 'another company does not have it')
    t.equal(await storage.read(2, name), null)
    t.equal(await storage.readBuffer(2, name), null)
    t.equal(await storage.stat(1, pub), null, 'a public file is not a private one')
    t.same(await storage.stat(1, pub, 'public'), { size: 6, type: 'image/webp' })
    for (const forged of ['../1/' + name, '..', 'media/1/' + name, name.toUpperCase(), '']) {
      t.equal(await storage.stat(1, forged), null, `forged name ${JSON.stringify(forged)}`)
      t.equal(await storage.read(1, forged), null)
      await storage.remove(1, forged)
    }
    t.equal(await storage.stat(0, name), null, 'not a company id')
    t.same((await storage.list(1)).sort(), [name, streamed].sort())
    t.same(await storage.list(1, 'public'), [pub])
    t.same(await storage.list(2), [])

    await storage.remove(1, name)
    await storage.remove(1, name) // twice: nothing to remove is not an error
    t.equal(await storage.stat(1, name), null, 'removed')
    t.equal(await storage.read(1, name), null)
    t.same(await storage.list(1), [streamed])
  })

  t.test(`${label}: a failing stream leaves nothing behind; local copies for file readers`, async (t) => {
    const storage = await open(t)
    const broken = new Readable({ read() {} })
    broken.push(Buffer.alloc(1000, 1))
    setTimeout(() => broken.destroy(Object.assign(new Error('too large'), { code: 'FST_REQ_FILE_TOO_LARGE' })), 10)
    await t.rejects(storage.save(3, broken, 'a.png'), { code: 'FST_REQ_FILE_TOO_LARGE' })
    t.same(await storage.list(3), [], 'no half-written file')
    // Failing before the driver pipes it (it still awaits its folder or spool): an error, not an uncaught exception.
    const early = new Readable({ read() {} })
    const saving = storage.save(3, early, 'b.png')
    early.destroy(Object.assign(new Error('too large'), { code: 'FST_REQ_FILE_TOO_LARGE' }))
    await t.rejects(saving, { code: 'FST_REQ_FILE_TOO_LARGE' }, 'failed before the pipe')
    t.same(await storage.list(3), [], 'nothing written')

    const csv = await storage.save(3, Buffer.from('name;number\nAna;5511999990000\n'), 'contatos.CSV')
    let seen = ''
    const answer = await storage.withLocalFile(3, csv, async (file) => {
      seen = file
      t.equal(path.extname(file), '.csv', 'the copy keeps the extension readers choose the format by')
      return fs.promises.readFile(file, 'utf8')
    })
    t.equal(answer, 'name;number\nAna;5511999990000\n')
    t.equal(fs.existsSync(seen), storage.driver.kind === 'local', storage.driver.kind === 'local' ? 'the file itself' : 'the temporary copy is gone')
    t.equal(await storage.withLocalFile(4, csv, async () => t.fail('not called for an absent file')), null)
    t.equal(storage.locate(3, csv) !== null, storage.driver.kind === 'local', 'locate (deprecated) only knows disk paths')
  })
}

contract('disk', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zapdesk-storage-'))
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }))
  return new MediaStorage(new LocalDriver(dir))
})

let fake: FakeS3
t.before(async () => {
  fake = await startFakeS3()
})
t.teardown(() => fake.close())

contract('S3', async (t) => {
  const driver = new S3Driver({ endpoint: fake.url, bucket: fake.bucket, accessKey: fake.accessKey, secretKey: fake.secretKey, region: 'us-east-1' })
  t.teardown(() => driver.destroy())
  return new MediaStorage(driver)
})

t.test('disk layout is unchanged: <dataDir>/media/<company>/<name> and public/<company>/<name>', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zapdesk-storage-'))
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }))
  const storage = new MediaStorage(new LocalDriver(dir))
  const name = await storage.save(7, Buffer.from('x'), 'a.txt')
  const pub = await storage.save(7, Buffer.from('y'), 'b.png', 'public')
  t.equal(fs.readFileSync(path.join(dir, 'media', '7', name), 'utf8'), 'x')
  t.equal(fs.readFileSync(path.join(dir, 'public', '7', pub), 'utf8'), 'y')
  fs.writeFileSync(path.join(dir, 'media', '7', '0b7c3a5e-3c1f-4c55-9d7e-2f4f1c7f0a11.pdf'), 'from an older install')
  t.equal((await storage.readBuffer(7, '0b7c3a5e-3c1f-4c55-9d7e-2f4f1c7f0a11.pdf'))?.toString(), 'from an older install')
})

t.test('S3: keys follow the disk layout; a wrong access key or secret is refused by the server', async (t) => {
  const driver = new S3Driver({ endpoint: fake.url, bucket: fake.bucket, accessKey: fake.accessKey, secretKey: fake.secretKey, region: 'us-east-1' })
  t.teardown(() => driver.destroy())
  const name = await new MediaStorage(driver).save(9, Buffer.from('z'), 'z.png', 'public')
  t.ok(fake.objects.has(`public/9/${name}`), 'public/<company>/<name>')
  t.ok(fake.requests.includes(`PUT /${fake.bucket}/public/9/${name}`), 'path-style addressing')

  const wrong = new S3Driver({ endpoint: fake.url, bucket: fake.bucket, accessKey: 'SOMEONEELSE', secretKey: fake.secretKey, region: 'us-east-1' })
  t.teardown(() => wrong.destroy())
  await t.rejects(new MediaStorage(wrong).save(9, Buffer.from('z'), 'z.png'), { name: 'InvalidAccessKeyId' })
  await t.rejects(new MediaStorage(wrong).stat(9, name, 'public'), 'a refused read is an error, not an absent file')
  const forged = new S3Driver({ endpoint: fake.url, bucket: fake.bucket, accessKey: fake.accessKey, secretKey: 'not-the-secret', region: 'us-east-1' })
  t.teardown(() => forged.destroy())
  await t.rejects(new MediaStorage(forged).readBuffer(9, name, 'public'), { name: 'SignatureDoesNotMatch' }, 'the signature is checked with the secret key')
})
