import { describe, expect, it } from 'vitest'
import {
  chunksNamedIn,
  classesIn,
  parseStylesheet,
  subsetStylesheet,
} from './critical-css.server.ts'

// The shapes Tailwind 4 writes, minified as the build does.
const CSS = [
  '@layer properties{@supports ((-webkit-hyphens:none) and (not (margin-trim:inline))){*,:before,:after,::backdrop{--tw-rotate-x:initial;--tw-shadow:0 0 #0000;--tw-space-y-reverse:0}}}',
  '@layer theme,base,components,utilities;',
  '@layer theme{:root,:host{--color-sky-500:oklch(68% .16 237);--animate-pulse:pulse 2s infinite}}',
  '@layer base{*,:after,:before{box-sizing:border-box}html{line-height:1.5}}',
  '@layer utilities{',
  '.flex{display:flex}',
  '.hidden{display:none}',
  '.rotate-x-12{--tw-rotate-x:rotateX(12deg);transform:var(--tw-rotate-x)}',
  '.shadow-md{--tw-shadow:0 4px 6px #0000001a;box-shadow:var(--tw-shadow)}',
  '.animate-pulse{animation:var(--animate-pulse)}',
  '.animate-spin{animation:spin 1s linear infinite}',
  '.space-y-2>:not(:last-child){margin-block-end:calc(.5rem*var(--tw-space-y-reverse))}',
  ':where(.space-y-4>:not(:last-child)){--tw-space-y-reverse:0;margin-block-end:1rem}',
  ':where(.divide-y>:not(:last-child)){border-bottom-width:1px}',
  ':where(.x,.y){color:green}',
  '.hover\\:bg-sky-500\\/10:hover{background-color:color-mix(in oklab,var(--color-sky-500)10%,transparent)}',
  '.w-\\[calc\\(100\\%-2rem\\)\\]{width:calc(100% - 2rem)}',
  '.\\32 xl\\:flex{display:flex}',
  '.dark\\:text-white:where(.dark,.dark *){color:#fff}',
  '.group:hover .group-hover\\:underline{text-decoration-line:underline}',
  '@media (min-width:48rem){.md\\:grid{display:grid}.md\\:hidden{display:none}}',
  '.prose :where(a):not(:where([class~=not-prose],[class~=not-prose] *)){color:blue}',
  '.a,.b{color:red}',
  '}',
  '@property --tw-rotate-x{syntax:"*";inherits:false}',
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@property --tw-space-y-reverse{syntax:"*";inherits:false;initial-value:0}',
  '@keyframes spin{to{transform:rotate(360deg)}}',
  '@keyframes pulse{50%{opacity:.5}}',
].join('')

const sheet = parseStylesheet(CSS)
const only = (...names: string[]) => subsetStylesheet(sheet, (c) => names.includes(c))

describe('a page stylesheet', () => {
  it('reads every class a rule needs, unescaped, and none inside :not() or :where() unless it is the whole selector', () => {
    expect([...sheet.classes].sort()).toEqual(
      [
        '2xl:flex',
        'a',
        'animate-pulse',
        'animate-spin',
        'b',
        'dark:text-white',
        'flex',
        'group',
        'group-hover:underline',
        'hidden',
        'hover:bg-sky-500/10',
        'md:grid',
        'md:hidden',
        'prose',
        'rotate-x-12',
        'shadow-md',
        'space-y-2',
        'space-y-4',
        'divide-y',
        'w-[calc(100%-2rem)]',
      ].sort(),
    )
  })

  it('keeps the rules without classes and the layer order, and drops unused utilities', () => {
    const css = only()
    expect(css).toContain('@layer theme,base,components,utilities;')
    expect(css).toContain(':root,:host{--color-sky-500:oklch(68% .16 237);')
    expect(css).toContain('html{line-height:1.5}')
    // A :where() with the class's own element is that class's rule; a list inside is not.
    expect(css).not.toContain('space-y-4')
    expect(css).not.toContain('divide-y')
    expect(css).toContain(':where(.x,.y){color:green}')
    expect(css).not.toContain('.flex{')
    expect(css).not.toContain('@media')
    expect(css).not.toContain('@property')
    expect(css).not.toContain('@keyframes spin')
    // The fallback block of unused variables goes with them; the layer statement stays.
    expect(css).not.toContain('--tw-rotate-x:initial')
  })

  it('keeps a rule when every class of one of its selectors is on the page', () => {
    expect(only('flex')).toContain('.flex{display:flex}')
    expect(only('hover:bg-sky-500/10')).toContain('.hover\\:bg-sky-500\\/10:hover{')
    expect(only('w-[calc(100%-2rem)]')).toContain('.w-\\[calc\\(100\\%-2rem\\)\\]{')
    expect(only('2xl:flex')).toContain('.\\32 xl\\:flex{')
    expect(only('b')).toContain('.a,.b{color:red}')
    expect(only('group-hover:underline')).not.toContain('underline')
    expect(only('group', 'group-hover:underline')).toContain(
      '.group:hover .group-hover\\:underline',
    )
    expect(only('dark:text-white')).toContain('.dark\\:text-white:where(.dark,.dark *){color:#fff}')
    expect(only('prose')).toContain('.prose :where(a):not(')
    expect(only('space-y-4')).toContain(':where(.space-y-4>:not(:last-child)){')
    expect(only('divide-y')).toContain(':where(.divide-y>:not(:last-child)){')
  })

  it('keeps a media query with the rules of it the page uses, and only those', () => {
    expect(only('md:grid')).toContain('@media (min-width:48rem){.md\\:grid{display:grid}}')
  })

  it('keeps the @property rules, fallbacks and keyframes the kept rules use', () => {
    const css = only('rotate-x-12', 'animate-spin')
    expect(css).toContain('@property --tw-rotate-x{')
    expect(css).not.toContain('@property --tw-shadow{')
    expect(css).toContain('*,:before,:after,::backdrop{--tw-rotate-x:initial;}')
    expect(css).toContain('@keyframes spin{')
    // Named by the theme's variable, which every page keeps.
    expect(css).toContain('@keyframes pulse{')
    expect(only('space-y-2')).toContain('--tw-space-y-reverse:0')
  })

  it('is the whole stylesheet, byte for byte, when every class is kept', () => {
    expect(subsetStylesheet(sheet, () => true)).toBe(CSS)
  })

  it('survives braces and semicolons inside strings', () => {
    const quoted = parseStylesheet('.q:before{content:"{;}"}.r{color:red}')
    expect(subsetStylesheet(quoted, (c) => c === 'q')).toBe('.q:before{content:"{;}"}')
  })
})

describe('the classes of a chunk', () => {
  it('are the words of its strings, whole', () => {
    const found = classesIn(
      sheet,
      'className:"flex md:grid",c=`${a} hover:bg-sky-500/10`,d="flexible prose-lg",e=\'a\'',
    )
    expect([...found].sort()).toEqual(['a', 'flex', 'hover:bg-sky-500/10', 'md:grid'])
  })
})

describe('the chunks a chunk names', () => {
  it('finds static imports, lazy imports and preload lists', () => {
    const text =
      'import{a as e}from"./framework-CUoelGHu.js";const r=()=>d(()=>import(`./radio-player-DEnjw211.js`),' +
      '__vite__mapDeps([0]));m.f||(m.f=["assets/radio-controls-BM9q5W07.js"])'
    expect(chunksNamedIn(text)).toEqual([
      '/assets/framework-CUoelGHu.js',
      '/assets/radio-player-DEnjw211.js',
      '/assets/radio-controls-BM9q5W07.js',
    ])
  })
})
