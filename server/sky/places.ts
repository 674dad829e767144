import tzLookup from '@photostructure/tz-lookup'
import type { Place } from '../../contracts/sky-tonight.ts'
import { coordinatesName } from '../../contracts/coordinates.ts'
import { PLACE_SEARCH_LIMIT } from '../../contracts/sky-tonight-constants.ts'

export { coordinatesName }

const SPECIAL_LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
}

/** Lower case without accents: 'São Paulo' and 'sao paulo' fold alike, 'Łódź' to 'lodz'. */
export function foldName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (c) => SPECIAL_LETTERS[c]!)
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * The towns of at least 5,000 people (server/sky/places-data.ts, 46,500 of them), kept compactly:
 * the folded names as one string searched with indexOf, where each line starts, and the rest in
 * typed arrays. Built on the first search (about 40 ms), never at start.
 */
interface PlaceIndex {
  /** "\n" + each folded name + "\n", in the data's order (most populous first). */
  folded: string
  /** Where each folded name starts in `folded`. */
  starts: Uint32Array
  names: string[]
  countries: string[]
  lat: Float32Array
  lon: Float32Array
  population: Uint32Array
}

let index: Promise<PlaceIndex> | null = null

async function buildIndex(): Promise<PlaceIndex> {
  const { default: data } = await import('./places-data.ts')
  const lines = data.split('\n').filter(Boolean)
  const n = lines.length
  const built: PlaceIndex = {
    folded: '',
    starts: new Uint32Array(n),
    names: new Array<string>(n),
    countries: new Array<string>(n),
    lat: new Float32Array(n),
    lon: new Float32Array(n),
    population: new Uint32Array(n),
  }
  const folded: string[] = []
  let offset = 1
  lines.forEach((line, i) => {
    const [name, country, lat, lon, population] = line.split('|') as [
      string,
      string,
      string,
      string,
      string,
    ]
    const key = foldName(name)
    folded.push(key)
    built.starts[i] = offset
    offset += key.length + 1
    built.names[i] = name
    built.countries[i] = country
    built.lat[i] = Number(lat)
    built.lon[i] = Number(lon)
    built.population[i] = Number(population)
  })
  built.folded = `\n${folded.join('\n')}\n`
  return built
}

function loadIndex(): Promise<PlaceIndex> {
  index ??= buildIndex().catch((error: unknown) => {
    index = null
    throw error
  })
  return index
}

/** The line a position in `folded` belongs to. */
function lineAt(starts: Uint32Array, position: number): number {
  let lo = 0
  let hi = starts.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (starts[mid]! <= position) lo = mid
    else hi = mid - 1
  }
  return lo
}

const round3 = (n: number) => Math.round(n * 1000) / 1000

function placeOf(ix: PlaceIndex, i: number): Place {
  return {
    name: ix.names[i]!,
    country: ix.countries[i]!,
    lat: round3(ix.lat[i]!),
    lon: round3(ix.lon[i]!),
    population: ix.population[i]!,
  }
}

/**
 * Up to 10 towns for a query, accents folded: names that start with it first, then names with a
 * word that starts with it ('york' finds New York), each by population.
 */
export async function searchPlaces(query: string, limit = PLACE_SEARCH_LIMIT): Promise<Place[]> {
  const q = foldName(query)
  if (!q) return []
  const ix = await loadIndex()
  const found: number[] = []
  const seen = new Set<number>()
  const collect = (needle: string, offsetInNeedle: number) => {
    for (
      let at = ix.folded.indexOf(needle);
      at !== -1 && found.length < limit;
      at = ix.folded.indexOf(needle, at + 1)
    ) {
      const line = lineAt(ix.starts, at + offsetInNeedle)
      if (!seen.has(line)) {
        seen.add(line)
        found.push(line)
      }
    }
  }
  collect(`\n${q}`, 1)
  if (found.length < limit) {
    // Word starts, in population order: gather them all, then keep the first.
    const words: number[] = []
    for (const sep of [' ', '-', "'", '(']) {
      for (
        let at = ix.folded.indexOf(sep + q);
        at !== -1;
        at = ix.folded.indexOf(sep + q, at + 1)
      ) {
        const line = lineAt(ix.starts, at)
        if (!seen.has(line)) {
          seen.add(line)
          words.push(line)
        }
      }
    }
    found.push(...words.sort((a, b) => a - b).slice(0, limit - found.length))
  }
  return found.map((i) => placeOf(ix, i))
}

/** To two decimals; a value that rounds to zero is on the positive side (0.00° E, not W). */
/** Within this many degrees (about a kilometre) a point is the town itself: a shared link names it. */
const SAME_PLACE_DEGREES = 0.01

/** The town at these coordinates (as a search answered them), or the coordinates as a name. */
export async function placeAt(lat: number, lon: number): Promise<Place> {
  const ix = await loadIndex()
  for (let i = 0; i < ix.names.length; i++) {
    if (
      Math.abs(ix.lat[i]! - lat) <= SAME_PLACE_DEGREES &&
      Math.abs(ix.lon[i]! - lon) <= SAME_PLACE_DEGREES
    ) {
      return placeOf(ix, i)
    }
  }
  return { name: coordinatesName(lat, lon), country: null, lat, lon, population: null }
}

/** The IANA time zone at a point, from the coordinates (never the server's own zone). */
export function timeZoneAt(lat: number, lon: number): string {
  return tzLookup(lat, lon)
}
