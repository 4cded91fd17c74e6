import t from 'tap'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import ExcelJS from 'exceljs'
import * as XLSX from '@e965/xlsx'
import { readSheetRows } from './index.ts'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zapdesk-sheets-'))
t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }))

const ROWS = [['Nome', 'Número', 'E-mail'], ['Ana', '5511911110001', 'ana@example.test'], [], ['Bia', 5511911110002, null]]

function xls(name: string, bookType: 'biff8' | 'xlsx' = 'biff8'): string {
  const book = XLSX.utils.book_new()
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(ROWS), 'Contatos')
  const file = path.join(dir, name)
  fs.writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType }))
  return file
}

t.test('an Excel 97-2003 .xls, an .xlsx renamed .xls, an .xlsx and a .csv give the same rows with their lines', async (t) => {
  const expected = [
    { line: 1, cells: ['Nome', 'Número', 'E-mail'] },
    { line: 2, cells: ['Ana', '5511911110001', 'ana@example.test'] },
    { line: 4, cells: ['Bia', 5511911110002] },
  ]
  const plain = (rows: Awaited<ReturnType<typeof readSheetRows>>) => rows.map((r) => ({ line: r.line, cells: r.cells.filter((c) => c !== null && c !== undefined) }))
  t.same(plain(await readSheetRows(xls('lista.xls'), 'lista.xls', ['.xls', '.xlsx'])), expected, 'BIFF8')
  t.same(plain(await readSheetRows(xls('renomeada.xls', 'xlsx'), 'renomeada.XLS', ['.xls', '.xlsx'])), expected, 'a zip under an .xls name')
  const wb = new ExcelJS.Workbook()
  wb.addWorksheet('Contatos').addRows(ROWS)
  const xlsx = path.join(dir, 'lista.xlsx')
  await wb.xlsx.writeFile(xlsx)
  t.same(plain(await readSheetRows(xlsx, 'lista.xlsx', ['.xls', '.xlsx'])), expected, 'xlsx (streamed)')
  const csv = path.join(dir, 'lista.csv')
  fs.writeFileSync(csv, 'Nome;Número;E-mail\r\nAna;5511911110001;ana@example.test\r\n\r\nBia;5511911110002;\r\n')
  t.same(plain(await readSheetRows(csv, 'lista.csv', ['.csv'])).map((r) => [r.line, r.cells[0]]), [[1, 'Nome'], [2, 'Ana'], [4, 'Bia']])
})

t.test('what is not a workbook is refused naming the accepted formats', async (t) => {
  const html = path.join(dir, 'falsa.xls')
  fs.writeFileSync(html, '<table><tr><td>Ana</td></tr></table>')
  await t.rejects(readSheetRows(html, 'falsa.xls', ['.xls', '.xlsx']), { code: 'ERR_UNSUPPORTED_MEDIA_TYPE', details: { accepted: ['.xls', '.xlsx'] } })
  const broken = path.join(dir, 'quebrada.xls')
  fs.writeFileSync(broken, Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600, 7)]))
  await t.rejects(readSheetRows(broken, 'quebrada.xls', ['.xls']), { code: 'ERR_UNSUPPORTED_MEDIA_TYPE' })
  await t.rejects(readSheetRows(broken, 'lista.ods', ['.xls', '.xlsx']), { code: 'ERR_UNSUPPORTED_MEDIA_TYPE', details: { accepted: ['.xls', '.xlsx'] } })
})
