import { describe, expect, it } from 'vitest'
import { EXECUTABLES, RESOURCE_SAMPLES } from '../../tests/support/resource-files.ts'
import { attachmentDisposition, safeFileName, sniffResource } from './resource-files.ts'

describe('sniffResource', () => {
  it('tells each accepted type by its first bytes', () => {
    for (const [type, bytes] of Object.entries(RESOURCE_SAMPLES))
      expect(sniffResource(bytes.subarray(0, 16))).toEqual({ type })
  })
  it('refuses programs by theirs, and anything unknown', () => {
    for (const bytes of Object.values(EXECUTABLES))
      expect(sniffResource(bytes.subarray(0, 16))).toEqual({ refused: 'executable' })
    expect(sniffResource(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toEqual({ refused: 'unknown' })
    expect(sniffResource(Buffer.from('SIMPLE = T'))).toEqual({ refused: 'unknown' })
  })
})

describe('safeFileName', () => {
  it.each([
    ['../../etc/passwd', 'application/pdf', 'passwd.pdf'],
    ['C:\\Users\\me\\Desktop\\m42.FITS', 'application/fits', 'm42.FITS'],
    ['photo.jpeg', 'image/jpeg', 'photo.jpeg'],
    ['setup.exe', 'application/zip', 'setup.exe.zip'],
    ['...', 'image/png', 'download.png'],
    ['a"b<c>|d?.png', 'image/png', 'a_b_c__d_.png'],
    ['\u0000\u0007\u202eevil.png', 'image/png', 'evil.png'],
  ] as const)('%j as %s is %j', (name, type, safe) => {
    expect(safeFileName(name, type)).toBe(safe)
  })
})

describe('attachmentDisposition', () => {
  it('names the file in ASCII and exactly in UTF-8 (RFC 6266, RFC 5987)', () => {
    expect(attachmentDisposition('Étoile "du" soir\\(1).pdf')).toBe(
      `attachment; filename="_toile _du_ soir_(1).pdf"; filename*=UTF-8''%C3%89toile%20%22du%22%20soir%5C%281%29.pdf`,
    )
  })
})
