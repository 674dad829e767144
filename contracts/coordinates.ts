function hemisphere(value: number, positive: string, negative: string): string {
  const rounded = Math.abs(value).toFixed(2)
  return `${rounded}° ${value < 0 && Number(rounded) !== 0 ? negative : positive}`
}

/** "51.48° N, 0.00° E": the name of a place that is not a town. */
export function coordinatesName(lat: number, lon: number): string {
  return `${hemisphere(lat, 'N', 'S')}, ${hemisphere(lon, 'E', 'W')}`
}
