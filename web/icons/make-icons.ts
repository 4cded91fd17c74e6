/*
 * Writes the install icons (web/public/icons/*.png) from the SVGs in the repo: run it after changing the brand mark
 * (`npx tsx web/icons/make-icons.ts`) and commit the PNGs, so a build needs no image library. The "any" icons are the
 * favicon's rounded square; the maskable one fills the square and keeps the mark inside the safe circle (80%), since
 * launchers crop it to their own shape.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'

const web = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '..')
const out = path.join(web, 'public/icons')
const jobs = [
  { svg: 'public/favicon.svg', file: 'icon-192.png', size: 192 },
  { svg: 'public/favicon.svg', file: 'icon-512.png', size: 512 },
  { svg: 'icons/maskable.svg', file: 'maskable-512.png', size: 512 },
  { svg: 'icons/maskable.svg', file: 'apple-touch-icon.png', size: 180 },
]

fs.mkdirSync(out, { recursive: true })
for (const job of jobs) {
  const svg = fs.readFileSync(path.join(web, job.svg))
  await sharp(svg, { density: Math.ceil((72 * job.size) / 64) }).resize(job.size, job.size).png().toFile(path.join(out, job.file))
  console.log(`${job.file} ${job.size}x${job.size}`)
}
