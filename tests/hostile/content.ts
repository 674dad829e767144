/**
 * Long content as the editor writes it: sections with headings, paragraphs with emphasis, lists
 * and quotes, no two posts alike. Only markup the sanitizer keeps as it is, so the stored content
 * is exactly as long as asked.
 */
const SUBJECTS = [
  'The Orion Nebula',
  'Saturn at opposition',
  'A waxing gibbous Moon',
  'The Andromeda Galaxy',
  'Jupiter and its four moons',
  'The Perseid meteor shower',
  'A faint comet near Polaris',
  'The Pleiades cluster',
]
const VERBS = ['rises over', 'glows above', 'hangs low over', 'drifts across', 'outshines']
const PLACES = [
  'the eastern horizon before midnight',
  'a dark site far from the city lights',
  'the observatory dome',
  'the summer Milky Way',
  'a field of frost-covered grass',
]
const ADVICE = [
  'Let your eyes adapt for twenty minutes before you judge what you see',
  'A low-power eyepiece frames the whole field and forgives a shaky mount',
  'Averted vision brings out the faint outer arms that direct vision misses',
  'Steady air matters more than aperture on nights of poor seeing',
  'Write down the time, the sky quality and the instrument for every session',
]

/** A small deterministic generator, so a run's content is the same on both engines. */
function random(seed: number) {
  let state = seed * 2654435761 + 1
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648
    return state / 2147483648
  }
}

export function realisticHtml(length: number, seed: number): string {
  const next = random(seed)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!
  const sentence = () =>
    `${pick(SUBJECTS)} ${pick(VERBS)} ${pick(PLACES)}, and ${pick(ADVICE).toLowerCase()}.`
  const paragraph = () => {
    const parts = Array.from({ length: 3 + Math.floor(next() * 4) }, sentence)
    parts[1] = `<strong>${parts[1]}</strong>`
    parts[parts.length - 1] = `<em>${parts[parts.length - 1]}</em>`
    return `<p>${parts.join(' ')}</p>`
  }
  const list = () => {
    const tag = next() < 0.5 ? 'ul' : 'ol'
    const items = Array.from(
      { length: 3 + Math.floor(next() * 4) },
      () => `<li>${pick(ADVICE)}</li>`,
    )
    return `<${tag}>${items.join('')}</${tag}>`
  }
  const blocks: string[] = []
  let size = 0
  let section = 0
  const add = (block: string) => {
    blocks.push(block)
    size += block.length
  }
  // The last paragraph fills what is left exactly: a section (under 3,000 characters) never
  // reaches into the room kept for it.
  while (size < length - 5000) {
    section += 1
    add(`<h2>Night ${section}: ${pick(SUBJECTS)}</h2>`)
    add(paragraph())
    if (next() < 0.5) add(`<h3>What to look for</h3>`)
    add(list())
    add(paragraph())
    if (next() < 0.3) add(`<blockquote><p>${sentence()}</p></blockquote>`)
  }
  let filler = ''
  while (filler.length < length - size - 7) filler += `${sentence()} `
  add(`<p>${filler.slice(0, length - size - 7)}</p>`)
  const html = blocks.join('')
  if (html.length !== length) throw new Error(`realisticHtml made ${html.length}, not ${length}`)
  return html
}
