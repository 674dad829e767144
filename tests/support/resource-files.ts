/** Small files of each kind a resource may be, and programs dressed up as them, by their bytes. */
const bytes = (head: number[] | string, rest = 'the rest of the file\n'.repeat(4)) =>
  Buffer.concat([
    typeof head === 'string' ? Buffer.from(head, 'latin1') : Buffer.from(head),
    Buffer.from(rest),
  ])

export const RESOURCE_SAMPLES = {
  'application/pdf': bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', '1 0 obj\n<<>>\nendobj\n%%EOF\n'),
  'image/png': bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  'image/jpeg': bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]),
  'image/webp': bytes('RIFF\x24\x00\x00\x00WEBPVP8 '),
  'application/zip': bytes([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]),
  'application/fits': bytes(
    'SIMPLE  =                    T / conforms to FITS standard'.padEnd(80, ' '),
    'BITPIX  =                    8'.padEnd(80, ' ') + 'END'.padEnd(80, ' '),
  ),
} as const

export const EXECUTABLES = {
  elf: bytes([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]),
  windows: bytes('MZ\x90\x00\x03\x00\x00\x00PE\x00\x00'),
  macho: bytes([0xcf, 0xfa, 0xed, 0xfe, 0x0c, 0x00, 0x00, 0x01]),
  script: bytes('#!/bin/sh\nrm -rf ~\n'),
} as const
