import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * `aria-label` names an element only when its role may be named: on a plain `<div>` or `<span>`
 * (role generic) axe reports aria-prohibited-attr, and screen readers ignore the label. Loading
 * placeholders are the usual case; they take `role="status"`.
 */
const GENERIC = new Set(['div', 'span'])
const root = path.resolve(import.meta.dirname)

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return tsxFiles(full)
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [full] : []
  })
}

function labelledGenerics(file: string, text = readFileSync(file, 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
      const tag = node.tagName.getText(source)
      const names = node.attributes.properties.flatMap((p) =>
        ts.isJsxAttribute(p) ? [p.name.getText(source)] : [],
      )
      const spreads = node.attributes.properties.some((p) => ts.isJsxSpreadAttribute(p))
      if (GENERIC.has(tag) && names.includes('aria-label') && !names.includes('role') && !spreads) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source))
        found.push(`${path.relative(root, file)}:${line + 1}`)
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('aria-label', () => {
  it('is never put on a plain div or span without a role', () => {
    expect(tsxFiles(root).flatMap((file) => labelledGenerics(file))).toEqual([])
  })

  it('the check finds a labelled div or span and passes one with a role', () => {
    const file = path.join(root, 'probe.tsx')
    const text = [
      'export const A = () => <div aria-label="Loading">x</div>',
      'export const B = () => <span className="x" aria-label="y" />',
      'export const C = () => <div role="status" aria-label="Loading" />',
      'export const D = () => <ul aria-label="List" />',
    ].join('\n')
    expect(labelledGenerics(file, text)).toEqual(['probe.tsx:1', 'probe.tsx:2'])
  })
})
