/**
 * The stylesheet a page inlines in its head: the rules its own scripts can render (ADR 013).
 *
 * Tailwind writes a rule for every class it finds in the sources, so a class a page can show is
 * a string in the page's code: the entry, the root and the matched routes' modules with their
 * static imports. A rule is kept when every class its selector needs (outside `:not()`,
 * `:where()`, `:is()` and `:has()`, which only narrow or widen it, unless one of them is the
 * whole selector) appears in that code, or
 * appears in no browser chunk at all (a class only the server writes, such as the sanitizer's).
 * Rules without classes (the reset, the theme's variables, element rules) are always kept, and
 * `@property` and `@keyframes` rules only when a kept rule names them. Chunks a page imports later
 * (the radio player, the theme menu) render with the whole stylesheet, which the page loads once
 * it has loaded (app/root.tsx).
 *
 * A class counts as in a chunk when it is one of the words of the chunk's strings; one that is a
 * word of no chunk is kept on every page (`classesIn`), so a page may carry a rule it does not
 * use, never lack one its code can render.
 */

type Item =
  | { kind: 'text'; text: string }
  | { kind: 'group'; prelude: string; items: Item[] }
  | { kind: 'rule'; text: string; alternatives: string[][]; vars: string[] }
  | { kind: 'property'; name: string; text: string }
  | { kind: 'keyframes'; name: string; text: string }
  /** The `@layer properties` fallback for browsers without `@property`: one declaration each. */
  | { kind: 'initials'; selector: string; declarations: Array<{ name: string; text: string }> }

export interface ParsedStylesheet {
  items: Item[]
  /** Every class a rule needs, once. */
  classes: Set<string>
}

const VAR = /var\((--[\w-]+)/g

function skipString(css: string, i: number): number {
  const quote = css[i]
  i++
  while (i < css.length && css[i] !== quote) i += css[i] === '\\' ? 2 : 1
  return i + 1
}

/** The index just past the block that opens at `open` (a `{`). */
function blockEnd(css: string, open: number): number {
  let depth = 0
  for (let i = open; i < css.length;) {
    const c = css[i]
    if (c === '"' || c === "'") {
      i = skipString(css, i)
      continue
    }
    if (c === '{') depth++
    else if (c === '}' && --depth === 0) return i + 1
    i++
  }
  return css.length
}

/** Top-level selectors of a selector list (commas inside brackets belong to them). */
function splitSelectors(prelude: string): string[] {
  const out: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < prelude.length; i++) {
    const c = prelude[i]
    if (c === '(' || c === '[') depth++
    else if (c === ')' || c === ']') depth--
    else if (c === ',' && depth === 0) {
      out.push(prelude.slice(start, i))
      start = i + 1
    }
  }
  out.push(prelude.slice(start))
  return out
}

const OPTIONAL_PSEUDO = /:(?:not|where|is|has)\(/y

/** The selector without the pseudo-classes whose classes it need not have. */
function withoutOptional(selector: string): string {
  let out = ''
  for (let i = 0; i < selector.length;) {
    OPTIONAL_PSEUDO.lastIndex = i
    if (OPTIONAL_PSEUDO.test(selector)) {
      let depth = 1
      let j = OPTIONAL_PSEUDO.lastIndex
      for (; j < selector.length && depth > 0; j++) {
        if (selector[j] === '(') depth++
        else if (selector[j] === ')') depth--
      }
      i = j
      continue
    }
    if (selector[i] === '\\') {
      out += selector.slice(i, i + 2)
      i += 2
      continue
    }
    out += selector[i++]
  }
  return out
}

function unescapeIdent(ident: string): string {
  return ident.replace(/\\([0-9a-fA-F]{1,6} ?|[^0-9a-fA-F])/g, (_, escape: string) =>
    /^[0-9a-fA-F]/.test(escape) ? String.fromCodePoint(Number.parseInt(escape.trim(), 16)) : escape,
  )
}

/**
 * The selector inside a `:where()` or `:is()` that is the whole selector, when it is one
 * selector: Tailwind writes `space-y-4` as `:where(.space-y-4>:not(:last-child))`, whose
 * element has the class like any other.
 */
function wholeSelectorWrapped(selector: string): string | null {
  const m = /^\s*:(?:where|is)\(/.exec(selector)
  if (!m) return null
  let depth = 1
  let j = m[0].length
  for (; j < selector.length && depth > 0; j++) {
    if (selector[j] === '(') depth++
    else if (selector[j] === ')') depth--
  }
  if (selector.slice(j).trim() !== '') return null
  const inner = selector.slice(m[0].length, j - 1)
  return splitSelectors(inner).length === 1 ? inner : null
}

function classesOf(selector: string): string[] {
  const inner = wholeSelectorWrapped(selector)
  if (inner !== null) return classesOf(inner)
  const out: string[] = []
  for (const m of withoutOptional(selector).matchAll(/\.((?:\\[0-9a-fA-F]{1,6} ?|\\.|[\w-])+)/g))
    out.push(unescapeIdent(m[1]!))
  return out
}

function parseItems(css: string, classes: Set<string>, inProperties: boolean): Item[] {
  const items: Item[] = []
  let i = 0
  let start = 0
  while (i < css.length) {
    const c = css[i]
    if (c === '"' || c === "'") {
      i = skipString(css, i)
      continue
    }
    if (c === ';') {
      items.push({ kind: 'text', text: css.slice(start, i + 1) })
      start = ++i
      continue
    }
    if (c !== '{') {
      i++
      continue
    }
    const end = blockEnd(css, i)
    const prelude = css.slice(start, i).trim()
    const body = css.slice(i + 1, end - 1)
    const text = css.slice(start, end)
    if (prelude.startsWith('@property ')) {
      items.push({ kind: 'property', name: prelude.slice(10).trim(), text })
    } else if (prelude.startsWith('@keyframes ')) {
      items.push({ kind: 'keyframes', name: prelude.slice(11).trim(), text })
    } else if (/^@(media|supports|layer|container|starting-style)\b/.test(prelude)) {
      const properties = inProperties || prelude === '@layer properties'
      items.push({ kind: 'group', prelude, items: parseItems(body, classes, properties) })
    } else if (prelude.startsWith('@')) {
      items.push({ kind: 'text', text })
    } else if (
      inProperties &&
      body.split(';').every((d) => !d.trim() || /^\s*--[\w-]+\s*:/.test(d))
    ) {
      const declarations = [...body.matchAll(/(--[\w-]+)\s*:[^;]*;?/g)].map((m) => ({
        name: m[1]!,
        text: m[0],
      }))
      items.push({ kind: 'initials', selector: prelude, declarations })
    } else {
      const alternatives = splitSelectors(prelude).map(classesOf)
      for (const alternative of alternatives) for (const name of alternative) classes.add(name)
      items.push({
        kind: 'rule',
        text,
        alternatives,
        vars: [...body.matchAll(VAR)].map((m) => m[1]!),
      })
    }
    start = i = end
  }
  const rest = css.slice(start).trim()
  if (rest) items.push({ kind: 'text', text: rest })
  return items
}

function namedIn(text: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`(^|[^\\w-])${escaped}($|[^\\w-])`).test(text)
}

export function parseStylesheet(css: string): ParsedStylesheet {
  const classes = new Set<string>()
  return { items: parseItems(css, classes, false), classes }
}

/** The stylesheet with the rules whose classes all pass `keep`, and what those rules use. */
export function subsetStylesheet(
  sheet: ParsedStylesheet,
  keep: (className: string) => boolean,
): string {
  const vars = new Set<string>()
  const kept = new Set<Item>()
  let keptText = ''
  const select = (items: Item[]) => {
    for (const item of items) {
      if (item.kind === 'group') select(item.items)
      else if (
        item.kind === 'rule' &&
        item.alternatives.some((alternative) => alternative.every(keep))
      ) {
        kept.add(item)
        keptText += item.text
        for (const name of item.vars) vars.add(name)
      }
    }
  }
  select(sheet.items)
  const write = (items: Item[]): string => {
    let out = ''
    for (const item of items) {
      switch (item.kind) {
        case 'text':
          out += item.text
          break
        case 'rule':
          if (kept.has(item)) out += item.text
          break
        case 'property':
          if (vars.has(item.name)) out += item.text
          break
        case 'keyframes':
          // Named by a kept rule, or by a theme variable (`--animate-pulse: pulse 2s …`).
          if (namedIn(keptText, item.name)) out += item.text
          break
        case 'initials': {
          const used = item.declarations.filter((d) => vars.has(d.name))
          if (used.length > 0) out += `${item.selector}{${used.map((d) => d.text).join('')}}`
          break
        }
        case 'group': {
          const inner = write(item.items)
          // `@layer a, b;` statements are text; an empty layer block still fixes the order.
          if (inner || item.prelude.startsWith('@layer')) out += `${item.prelude}{${inner}}`
          break
        }
      }
    }
    return out
  }
  return write(sheet.items)
}

/** What separates the words of a chunk's strings (`"flex items-center"`, `` `${a} flex` ``). */
const WORD_BREAK = /[\s"'`{}\\]+/

/**
 * The classes of `sheet` that `text` (a browser chunk) has as words. A class written some other
 * way (split at a quote or built from parts) is a word of no chunk, so it counts as one only the
 * server writes, and every page keeps it: the match can make a page's set too large, never too
 * small.
 */
export function classesIn(sheet: ParsedStylesheet, text: string): Set<string> {
  const found = new Set<string>()
  for (const word of text.split(WORD_BREAK))
    if (sheet.classes.has(word) && !found.has(word)) found.add(detached(word))
  return found
}

/** The chunks a chunk's text names: its static imports and the ones it may import later. */
export function chunksNamedIn(text: string): string[] {
  return [...text.matchAll(/["'`](?:\.\/|\/?assets\/)([\w.-]+\.js)["'`]/g)].map((m) =>
    detached(`/assets/${m[1]!}`),
  )
}

/**
 * A copy of `part` that does not hold on to the text it was cut from. V8 lets a substring of 13
 * characters or more share its source's characters, so a class name split from a browser chunk
 * would keep that chunk's whole text (up to 830 KB; 1.5 MB for all of them) in memory for as long
 * as the server runs.
 */
export function detached(part: string): string {
  return Buffer.from(part, 'utf8').toString('utf8')
}
