import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { drawPdf } from '../src/index'

// Poppler's tools read the PDF as a reader would (Debian's poppler-utils, installed by scripts/ensure-tools.sh).
const dir = mkdtempSync(path.join(tmpdir(), 'templet-drawn-pdf-'))
const popplerOn = (pdf: Buffer, tool: string, ...args: string[]) => {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`)
  writeFileSync(file, pdf)
  return execFileSync(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' })
}

describe('drawPdf: pages laid out in code', () => {
  it('is finished like a template’s PDF: exact A4 boxes, the language, text that reads back in Chinese too', async () => {
    const pdf = await drawPdf(
      [
        (ctx) => {
          ctx.font = '400 14px "Templet Inter", "Templet Noto Sans SC"'
          ctx.fillText('Receipt for 王小明', 40, 60)
        },
        (ctx) => {
          ctx.font = '700 14px "Templet Noto Sans SC"'
          ctx.textAlign = 'right'
          ctx.fillText('金额 ¥49.90', 550, 60)
        },
      ],
      {
        width: 595.276,
        height: 841.89,
        title: 'Two pages',
        author: 'Templet',
        language: 'zh-CN',
        families: ['Templet Inter', 'Templet Noto Sans SC'],
      },
    )
    const info = popplerOn(pdf, 'pdfinfo', '-box', '-f', '1', '-l', '2')
    expect(info).toMatch(/^Pages:\s+2$/m)
    expect(info).toMatch(/^Title:\s+Two pages$/m)
    // Skia draws on whole points; the boxes are set back to the exact sheet afterwards.
    expect(info).toMatch(/^Page\s+1 MediaBox:\s+0\.00\s+0\.11\s+595\.28\s+842\.00$/m)
    expect(info).toMatch(/^Page\s+2 TrimBox:\s+0\.00\s+0\.11\s+595\.28\s+842\.00$/m)
    expect(pdf.toString('latin1')).toContain('/Lang (zh-CN)')
    const pages = popplerOn(pdf, 'pdftotext').split('\f')
    expect(pages[0]).toContain('Receipt for 王小明')
    expect(pages[1]).toContain('金额 ¥49.90')
    // 小 reads back as itself, not as Skia's radical ⼩.
    expect(popplerOn(pdf, 'pdftotext')).not.toContain('⼩')
    expect(popplerOn(pdf, 'pdffonts')).toMatch(/\+NotoSansSC-Bold\s+CID TrueType\s+Identity-H\s+yes yes yes/)
  })
})
