/** A count as a status tab shows it: "1,234", "10,000+" beyond the cap, nothing when it was not counted in time. */
export function countLabel(count: number | null | undefined, cap: number): string {
  if (count === null || count === undefined) return '';
  return count > cap ? `${cap.toLocaleString('en-MY')}+` : count.toLocaleString('en-MY');
}
